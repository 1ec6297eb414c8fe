// The customer page's other sections and the account's fixes (issue 30 items 3 and 6, ADR 045). route()
// and the reach check have held the operator to the call's roles and the customer's brand. Each fix goes
// through the module that owns what it changes (the login throttle and the sessions: sessions; the
// password link: registration; the customer's trail: audit), writes the staff audit and the customer's
// security event in the transaction of its effect, then tells the customer by the contacts on file.
import { staffAccount } from '@sportello/contract';
import {
  deviceLabel,
  describeUserAgent,
  isValidEmail,
  isValidMobilePhone,
  normalizePhone,
} from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import { AppError, fieldError, notFound, unprocessable } from '../../http/app-error.js';
import type { MailComposer } from '../../integrations/mail/compose.js';
import type { CareAction } from '../../integrations/mail/templates/security-notice.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import { maskEmail, maskPhone, sendSecurityNotice } from '../../platform/notices/security-notice.js';
import { writeStaffAudit, type StaffPrincipal } from '../../platform/staff/staff-sessions.js';
import type { AuditService } from '../audit/service.js';
import type { CustomersService } from '../customers/service.js';
import type { RegistrationService } from '../registration/service.js';
import type { ProfileService } from '../profile/service.js';
import { DELEGATION_TASK } from '../registration/delegation.js';
import type { SessionsService } from '../sessions/service.js';
import type { UsersService } from '../users/service.js';
import type { WorkflowsService } from '../workflows/service.js';
import type { CustomerUser, StaffAccountRepository } from './repository.js';

/** A resent password link: once per customer in this window, whoever asks (two operators at once). */
const RESEND_WINDOW_MS = 5 * 60_000;

type Writer = Parameters<typeof writeStaffAudit>[0];

const SECURITY_KINDS = {
  'unlock-login': 'care_login_unlocked',
  'reset-link': 'care_reset_link_sent',
  'end-sessions': 'care_sessions_ended',
  contact: 'care_contact_changed',
  delegation: 'care_delegation_confirmed',
  'delegation-revoke': 'care_delegation_revoked',
} as const satisfies Record<CareAction, string>;

export function createStaffAccountService(deps: {
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
}) {
  const { db, repository } = deps;

  async function customerOf(customerId: string) {
    const row = await deps.customers.row(customerId);
    if (!row) throw notFound();
    return row;
  }

  interface Act {
    staff: StaffPrincipal;
    customerId: number;
    users: CustomerUser[];
    reason: string;
    address: string;
    now: Date;
  }

  /** The staff audit row and each user's security event, in the effect's transaction. */
  async function record(tx: Writer, action: CareAction, act: Act, count: number) {
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
  }

  /** "Il servizio clienti ha … su tua richiesta", to the customer's contacts on file (or its user's). */
  async function tell(action: CareAction, act: Act, customer: Awaited<ReturnType<typeof customerOf>>) {
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
  }

  async function prepare(
    staff: StaffPrincipal,
    customerId: string,
    reason: string,
    address: string,
    now: Date,
  ) {
    const customer = await customerOf(customerId);
    const users = await repository.usersOf(customer.id);
    if (users.length === 0) throw unprocessable('staff_account_no_user');
    return { customer, act: { staff, customerId: customer.id, users, reason, address, now } };
  }

  return {
    /** The sections, the latest SECTION_LIMIT of each, newest first; reading them is audited. */
    async account(
      staff: StaffPrincipal,
      customerId: string,
      address: string,
      now: Date,
    ): Promise<staffAccount.StaffCustomerAccount> {
      const customer = await customerOf(customerId);
      const id = customer.id;
      await writeStaffAudit(db, {
        staffUserId: staff.userId,
        idHash: staff.idHash,
        action: 'customer_account_view',
        customerId: id,
        address,
      });
      const users = await repository.usersOf(id);
      const userIds = users.map((u) => u.id);
      const usernameOf = new Map(users.map((u) => [u.id, u.username]));
      const contacts = [
        ...new Set(
          [customer.email, customer.phoneMobile, ...users.flatMap((u) => [u.email, u.phoneMobile])].filter(
            (c): c is string => !!c,
          ),
        ),
      ];
      const take = staffAccount.SECTION_LIMIT;
      const none = Promise.resolve([]);
      const [
        portal,
        collected,
        readings,
        consents,
        consentChanges,
        sessions,
        given,
        received,
        deliveries,
        events,
        locks,
      ] = await Promise.all([
        repository.portalPayments(id, take),
        repository.collected(id, take),
        repository.readings(id, take),
        repository.consentsOf(id),
        deps.customers.consentChanges(id, take),
        userIds.length ? repository.sessionsOf(userIds, now, take) : none,
        repository.delegationsGiven(id, take),
        userIds.length ? repository.delegationsReceived(userIds, take) : none,
        repository.deliveriesTo(contacts, userIds, take),
        userIds.length ? repository.securityEventsOf(userIds, take) : none,
        Promise.all(users.map((u) => deps.sessions.loginLock.locked(u.companyCode, u.username, now))),
      ]);
      // A consent's value holds since its latest change, when the history still lists it.
      const sinceOf = (subject: string, consent: string) =>
        consentChanges.find((c) => c.subject === subject && c.consent === consent)?.at.toISOString() ?? null;
      const payments = [
        ...portal.map((p) => ({
          at: p.at.toISOString(),
          source: 'portal' as const,
          channel: 'gateway',
          status: p.status,
          amountCents: p.amountCents,
          billNumber: p.billNumber,
        })),
        ...collected.map((c) => ({
          at: new Date(`${c.on}T00:00:00Z`).toISOString(),
          source: 'collected' as const,
          channel: c.channel,
          status: c.returned ? 'returned' : 'collected',
          amountCents: c.amountCents,
          billNumber: c.billNumber,
        })),
      ]
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, take);
      return {
        payments,
        readings: readings.map((r) => ({
          date: r.date,
          pointCode: r.pointCode,
          source: r.source,
          values: Object.entries(r.values)
            .map(([channel, value]) => `${channel} ${value}`)
            .join(', '),
          selfReading: r.submitted !== null,
          notes: [
            r.status,
            ...(r.implausible?.length
              ? [r.implausibleConfirmed ? 'implausible_confirmed' : 'implausible']
              : []),
            ...(r.meterReplaced ? ['meter_replaced'] : []),
            ...(r.note ? [r.note] : []),
          ],
        })),
        consents: [
          {
            subject: customer.name,
            consent: 'privacyCompany',
            given: consents?.privacyCompany ?? false,
            since: sinceOf(customer.name, 'privacyCompany'),
          },
          {
            subject: customer.name,
            consent: 'privacyOthers',
            given: consents?.privacyOthers ?? false,
            since: sinceOf(customer.name, 'privacyOthers'),
          },
          ...users.flatMap((u) => [
            {
              subject: u.username,
              consent: 'commercial',
              given: u.receiveCommercialNotifications,
              since: sinceOf(u.username, 'commercial'),
            },
            {
              subject: u.username,
              consent: 'technical',
              given: u.receiveTechNotifications,
              since: sinceOf(u.username, 'technical'),
            },
          ]),
        ],
        consentChanges: consentChanges.map((c) => ({
          at: c.at.toISOString(),
          subject: c.subject,
          consent: c.consent,
          from: c.oldValue,
          to: c.newValue,
          channel: c.channel,
          who: c.byWho,
        })),
        sessions: sessions.map((s) => ({
          username: usernameOf.get(s.userId ?? 0) ?? '',
          device: deviceLabel(describeUserAgent(s.userAgent)),
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
        })),
        delegations: [
          ...given.map((d) => ({ direction: 'given' as const, who: d.who, status: d.status, at: d.at })),
          ...received.map((d) => ({
            direction: 'received' as const,
            who: d.who,
            status: d.status,
            at: d.at,
          })),
        ]
          .sort((a, b) => b.at.getTime() - a.at.getTime())
          .slice(0, take)
          .map((d) => ({ ...d, at: d.at.toISOString() })),
        notifications: deliveries.map((d) => ({
          at: d.at.toISOString(),
          channel: d.kind as 'mail' | 'sms' | 'push',
          subject: d.subject,
          status: d.status,
        })),
        securityEvents: events.map((e) => ({
          at: e.at.toISOString(),
          username: usernameOf.get(e.userId) ?? '',
          kind: e.kind,
          detail: e.detail,
        })),
        users: users.map((u, i) => ({
          username: u.username,
          status: u.status,
          loginLocked: locks[i] ?? false,
          lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
        })),
        limit: take,
      };
    },

    /** Clears the users' login throttle; a second operator at once finds nothing left to clear. */
    async unlockLogin(staff: StaffPrincipal, customerId: string, reason: string, address: string, now: Date) {
      const { customer, act } = await prepare(staff, customerId, reason, address, now);
      const count = await db.transaction(async (tx) => {
        let cleared = 0;
        for (const user of act.users)
          cleared += await deps.sessions.loginLock.release(tx, user.companyCode, user.username);
        if (cleared === 0) throw unprocessable('staff_account_not_locked');
        await record(tx, 'unlock-login', act, cleared);
        return cleared;
      });
      await tell('unlock-login', act, customer);
      return { done: true as const, count };
    },

    /** The "forgotten password" link to the contact on file; once per customer per 5 minutes. */
    async resendResetLink(
      staff: StaffPrincipal,
      customerId: string,
      reason: string,
      address: string,
      now: Date,
    ) {
      const { customer, act } = await prepare(staff, customerId, reason, address, now);
      const attempt = await deps.throttle.attempt(
        [{ key: `staff-reset:${customer.id}`, limit: 1, windowMs: RESEND_WINDOW_MS, over: 'refuse' }],
        now,
        'staff_account_just_sent',
      );
      let sent = 0;
      for (const user of act.users) if (await deps.registration.sendResetLinkTo(user.id, now)) sent++;
      if (sent === 0) {
        // Nothing was sent: the next try is not "just sent".
        await attempt.succeeded();
        throw unprocessable('staff_account_no_user');
      }
      await db.transaction((tx) => record(tx, 'reset-link', act, sent));
      await tell('reset-link', act, customer);
      return { done: true as const, count: sent };
    },

    /** Every session of the customer's users ends; a second operator at once finds none. */
    async endSessions(staff: StaffPrincipal, customerId: string, reason: string, address: string, now: Date) {
      const { customer, act } = await prepare(staff, customerId, reason, address, now);
      const count = await deps.sessions.endAllOf(
        act.users.map((u) => u.id),
        (tx, ended) => record(tx, 'end-sessions', act, ended),
        now,
      );
      if (count === 0) throw unprocessable('staff_account_no_sessions');
      await tell('end-sessions', act, customer);
      return { done: true as const, count };
    },

    /**
     * A code confirming the new contact, sent to a contact ON FILE through the profile's correction
     * check (its limits, its single-use code): a caller who is not the customer never reads it. The
     * contacts on file are told first; the customer reads the code out and the operator confirms it.
     * The holder's account (the first user) changes.
     */
    async startContact(
      staff: StaffPrincipal,
      customerId: string,
      body: { contact: 'email' | 'phone'; value: string; reason: string },
      address: string,
      now: Date,
    ) {
      const { customer, act } = await prepare(staff, customerId, body.reason, address, now);
      const value = body.contact === 'phone' ? normalizePhone(body.value) : body.value;
      const valid = body.contact === 'email' ? isValidEmail(value) : isValidMobilePhone(value);
      if (!valid)
        throw unprocessable('staff_contact_invalid', [fieldError('value', 'staff_contact_invalid')]);
      const user = await holderOf(act);
      const sentTo = await deps.profile.codeDestination(user, body.contact);
      if (!sentTo) throw unprocessable('staff_contact_no_contact_on_file');
      // Told before anything is sent or changed: the real customer hears of it first.
      await sendSecurityNotice(
        { jobs: deps.jobs, mail: deps.mail, publicBaseUrl: deps.publicBaseUrl },
        {
          to: {
            email: user.email ?? customer.email ?? null,
            phoneMobile: user.phoneMobile ?? customer.phoneMobile ?? null,
          },
          company: customer.companyCode,
          name: customer.name,
          event: {
            kind: 'care-contact-started',
            contact: body.contact,
            shown: body.contact === 'email' ? maskEmail(value) : maskPhone(value),
            sentTo: sentTo.masked,
            reason: body.reason,
          },
          key: `notice:care:contact-started:${act.customerId}:${now.getTime()}`,
          now,
        },
      );
      const started = await deps.profile.correctionCheck(user, body.contact, value, now);
      await writeStaffAudit(db, {
        staffUserId: staff.userId,
        idHash: staff.idHash,
        action: 'account_contact_code_sent',
        customerId: act.customerId,
        detail: { reason: body.reason, contact: body.contact, value, username: user.username },
        address,
      });
      return { ...started, sentTo: sentTo.masked };
    },

    /** The code read out: right, the contact changes (the profile's verify, once); wrong, tries left. */
    async confirmContact(
      staff: StaffPrincipal,
      customerId: string,
      body: { workflowId: string; code: string; reason: string },
      address: string,
      now: Date,
    ) {
      const { customer, act } = await prepare(staff, customerId, body.reason, address, now);
      const user = await holderOf(act);
      const checked = await deps.profile
        .verify(user, body.workflowId, body.code, now, staff.userId)
        .catch((err: unknown) => {
          // A code of the wrong shape is the profile's 400: here, the operator's wrong code.
          if (err instanceof AppError && err.statusCode === 400) return null;
          throw err;
        });
      if (!checked || checked.outcome === 'wrong')
        throw unprocessable('staff_contact_code_wrong', [fieldError('code', 'staff_contact_code_wrong')]);
      if (checked.outcome !== 'verified')
        throw unprocessable('staff_contact_code_invalid', [fieldError('code', 'staff_contact_code_invalid')]);
      await db.transaction((tx) => record(tx, 'contact', { ...act, users: [act.users[0]!] }, 1));
      await tell('contact', act, customer);
      return { done: true as const, count: 1 };
    },

    /**
     * The customer's active delegation to the named delegate, revoked on the customer's request through
     * registration, which ends the reach and tells the holder and the delegate (ADR 047).
     */
    async revokeDelegation(
      staff: StaffPrincipal,
      customerId: string,
      body: { delegate: string; reason: string },
      address: string,
      now: Date,
    ) {
      const customer = await customerOf(customerId);
      const users = await repository.usersOf(customer.id);
      const act = { staff, customerId: customer.id, users, reason: body.reason, address, now };
      if (!(await deps.registration.revokeDelegationOf(customer.id, body.delegate, 'care', now)))
        throw unprocessable('staff_delegation_not_active', [
          fieldError('delegate', 'staff_delegation_not_active'),
        ]);
      await db.transaction(async (tx) => {
        await record(tx, 'delegation-revoke', act, 1);
        await writeStaffAudit(tx, {
          staffUserId: staff.userId,
          idHash: staff.idHash,
          action: 'account_delegation_revoked_detail',
          customerId: customer.id,
          detail: { delegate: body.delegate },
          address,
        });
      });
      return { done: true as const, count: 1 };
    },

    /** The delegate's pending request, confirmed as the customer's own link would (the workflow's reply). */
    async confirmDelegation(
      staff: StaffPrincipal,
      customerId: string,
      body: { delegate: string; reason: string },
      address: string,
      now: Date,
    ) {
      const customer = await customerOf(customerId);
      const users = await repository.usersOf(customer.id);
      const act = { staff, customerId: customer.id, users, reason: body.reason, address, now };
      const pending = await repository.pendingDelegation(customer.id, body.delegate);
      if (!pending)
        throw unprocessable('staff_delegation_none', [fieldError('delegate', 'staff_delegation_none')]);
      try {
        await deps.workflows.execute(
          { workflowId: pending.workflowId, taskName: DELEGATION_TASK, reply: 'confirm' },
          now,
          staff.userId,
        );
      } catch (err) {
        // Another operator, or the customer's link, answered first.
        if (err instanceof AppError && err.statusCode === 409) throw unprocessable('staff_delegation_none');
        throw err;
      }
      await db.transaction(async (tx) => {
        await record(tx, 'delegation', act, 1);
        await writeStaffAudit(tx, {
          staffUserId: staff.userId,
          idHash: staff.idHash,
          action: 'account_delegation_detail',
          customerId: customer.id,
          detail: { delegate: body.delegate },
          address,
        });
      });
      await tell('delegation', act, customer);
      return { done: true as const, count: 1 };
    },
  };

  /** The customer's holder account, as the profile's checks take it (the full user row). */
  async function holderOf(act: Act) {
    const user = await deps.users.byId(act.users[0]!.id);
    if (!user) throw unprocessable('staff_account_no_user');
    return user;
  }
}

export type StaffAccountService = ReturnType<typeof createStaffAccountService>;
