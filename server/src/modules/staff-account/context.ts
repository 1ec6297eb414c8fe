// What every fix of a customer's account shares (ADR 045): the customer and its users, the staff audit
// row and each user's security event written in the effect's transaction, and the notice that tells the
// customer "il servizio clienti ha … su tua richiesta" by the contacts on file.
import type { Db } from '@sportello/db/client';
import { notFound, unprocessable } from '../../http/app-error.js';
import type { MailComposer } from '../../integrations/mail/compose.js';
import type { CareAction } from '../../integrations/mail/templates/security-notice.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import { sendSecurityNotice } from '../../platform/notices/security-notice.js';
import { writeStaffAudit, type StaffPrincipal } from '../../platform/staff/staff-sessions.js';
import type { AuditService } from '../audit/service.js';
import type { CustomersService } from '../customers/service.js';
import type { ProfileService } from '../profile/service.js';
import type { RegistrationService } from '../registration/service.js';
import type { SessionsService } from '../sessions/service.js';
import type { UsersService } from '../users/service.js';
import type { WorkflowsService } from '../workflows/service.js';
import type { CustomerUser, StaffAccountRepository } from './repository.js';

export interface StaffAccountDeps {
  db: Db;
  repository: StaffAccountRepository;
  throttle: Throttle;
  jobs: JobQueue;
  mail: MailComposer;
  publicBaseUrl: string;
  customers: CustomersService;
  sessions: SessionsService;
  registration: RegistrationService;
  audit: AuditService;
  users: UsersService;
  profile: ProfileService;
  workflows: WorkflowsService;
}

export type Writer = Parameters<typeof writeStaffAudit>[0];

/** One operator's fix of one customer's account: who, for whom, why, from where, when. */
export interface Act {
  staff: StaffPrincipal;
  customerId: number;
  users: CustomerUser[];
  reason: string;
  address: string;
  now: Date;
}

const SECURITY_KINDS = {
  'unlock-login': 'care_login_unlocked',
  'reset-link': 'care_reset_link_sent',
  'end-sessions': 'care_sessions_ended',
  contact: 'care_contact_changed',
  delegation: 'care_delegation_confirmed',
  'delegation-revoke': 'care_delegation_revoked',
} as const satisfies Record<CareAction, string>;

export function createAccountFixes(deps: StaffAccountDeps) {
  async function customerOf(customerId: string) {
    const row = await deps.customers.row(customerId);
    if (!row) throw notFound();
    return row;
  }
  type Customer = Awaited<ReturnType<typeof customerOf>>;

  return {
    deps,
    customerOf,

    /** The customer and an act on its users; a customer no user logs in for has no account to fix. */
    async prepare(staff: StaffPrincipal, customerId: string, reason: string, address: string, now: Date) {
      const customer = await customerOf(customerId);
      const users = await deps.repository.usersOf(customer.id);
      if (users.length === 0) throw unprocessable('staff_account_no_user');
      return { customer, act: { staff, customerId: customer.id, users, reason, address, now } as Act };
    },

    /** The staff audit row and each user's security event, in the effect's transaction. */
    async record(tx: Writer, action: CareAction, act: Act, count: number) {
      await writeStaffAudit(tx, {
        staffUserId: act.staff.userId,
        idHash: act.staff.idHash,
        action: `account_${action}`,
        customerId: act.customerId,
        detail: { reason: act.reason, count, users: act.users.map((u) => u.username) },
        address: act.address,
      });
      for (const user of act.users)
        await deps.audit.record(user.id, { kind: SECURITY_KINDS[action], detail: act.reason }, act.now, tx);
    },

    /** "Il servizio clienti ha … su tua richiesta", to the customer's contacts on file (or its user's). */
    async tell(action: CareAction, act: Act, customer: Customer) {
      const user = act.users[0];
      await sendSecurityNotice(
        { jobs: deps.jobs, mail: deps.mail, publicBaseUrl: deps.publicBaseUrl },
        {
          to: {
            email: customer.email ?? user?.email ?? null,
            phoneMobile: customer.phoneMobile ?? user?.phoneMobile ?? null,
          },
          company: customer.companyCode,
          name: customer.name,
          event: { kind: 'care-action', action, reason: act.reason },
          key: `notice:care:${action}:${act.customerId}:${act.now.getTime()}`,
          now: act.now,
        },
      );
    },

    /** The customer's holder account, as the profile's checks take it (the full user row). */
    async holderOf(act: Act) {
      const user = await deps.users.byId(act.users[0]!.id);
      if (!user) throw unprocessable('staff_account_no_user');
      return user;
    },
  };
}

export type AccountFixes = ReturnType<typeof createAccountFixes>;
