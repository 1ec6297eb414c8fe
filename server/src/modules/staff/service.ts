// The customer-care console (ADR 041): staff login (password and a TOTP code, throttled as
// customers' logins, ADR 012), the staff session, the one search box and the customer on one page.
// Which staff may make a call and which customers it reaches is decided before any handler (route()
// and the reach check); every action here writes its audit row before it answers, so nothing is shown
// that is not recorded.
import type { CompanyCode, staff as staffCalls } from '@sportello/contract';
import type { StaffRole } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { notFound, unprocessable } from '../../http/app-error.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/auth/password.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import type { Ceremonies } from '../../platform/auth/webauthn.js';
import {
  STAFF_IDLE_MS,
  writeStaffAudit,
  type StaffLoginFactor,
  type StaffPrincipal,
  type StaffSessionStore,
} from '../../platform/staff/staff-sessions.js';
import type { CustomersService } from '../customers/service.js';
import type { ComplaintsService } from '../complaints/service.js';
import type { InvoicesService } from '../invoices/service.js';
import type { MessagesService } from '../messages/service.js';
import type { RequestsService } from '../requests/service.js';
import type { SuppliesService } from '../supplies/service.js';
import { staffLoginRules, type StaffLoginLimits } from './login-rules.js';
import { createStaffPasskeys } from './passkeys.js';
import type { StaffPasskeyRow, StaffPasskeysRepository } from './passkeys-repository.js';
import type { StaffRepository, StaffUserRow } from './repository.js';
import { totpStep } from './totp.js';

type StaffSession = staffCalls.StaffSession;
type CustomerFound = staffCalls.CustomerFound;
type StaffCustomer = staffCalls.StaffCustomer;

/** Bills shown on the customer page; the rest are a search away in a later slice. */
const BILLS_SHOWN = 12;
/** Requests and messages shown: the latest, with the count of all. */
const LATEST_SHOWN = 10;

export function createStaffService(deps: {
  db: Db;
  repository: StaffRepository;
  sessions: StaffSessionStore;
  throttle: Throttle;
  limits: StaffLoginLimits;
  customers: CustomersService;
  supplies: SuppliesService;
  invoices: InvoicesService;
  requests: RequestsService;
  complaints: ComplaintsService;
  messages: MessagesService;
  passkeys: StaffPasskeysRepository;
  ceremonies: Ceremonies<StaffPasskeyRow>;
}) {
  const { db, repository, sessions, throttle, limits } = deps;

  const toSession = (
    s: Pick<StaffPrincipal, 'username' | 'displayName' | 'role' | 'brands' | 'expiresAt'>,
  ): StaffSession => ({
    username: s.username,
    displayName: s.displayName,
    role: s.role,
    brands: s.brands,
    idleMinutes: STAFF_IDLE_MS / 60_000,
    expiresAt: s.expiresAt.toISOString(),
  });

  /** Opens a session for an account that has just proved itself, its start audited with it. */
  async function open(
    user: StaffUserRow,
    factor: StaffLoginFactor,
    detail: Record<string, unknown>,
    address: string,
    now: Date,
  ) {
    const opened = await db.transaction(async (tx) => {
      const created = await sessions.create(tx, user.id, now, factor);
      await writeStaffAudit(tx, {
        staffUserId: user.id,
        idHash: created.idHash,
        action: 'session_start',
        detail: { factor, ...detail },
        address,
      });
      return created;
    });
    return {
      id: opened.id,
      session: toSession({
        username: user.username,
        displayName: user.displayName,
        role: user.role as StaffRole,
        brands: user.brands as CompanyCode[],
        expiresAt: opened.expiresAt,
      }),
    };
  }

  const passkeys = createStaffPasskeys({
    db,
    repository: deps.passkeys,
    ceremonies: deps.ceremonies,
    throttle,
    limits,
    open,
  });

  return {
    /** Seals the TOTP secrets still in clear or under an older key, at a process's start (ADR 049). */
    sealStoredSecrets: repository.sealStoredSecrets,

    /**
     * Password and code, both right, or one refusal that does not say which was wrong. The code's step
     * is taken only once the password is right, so a wrong password burns no code.
     */
    async login(input: { username: string; password: string; code: string }, address: string, now: Date) {
      const attempt = await throttle.attempt(staffLoginRules(limits, input.username, address), now);
      const user = await repository.byUsername(input.username);
      const passwordOk = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
      const factor = user && passwordOk && user.active ? await repository.totpOf(user.id) : undefined;
      const step = factor ? totpStep(factor.secret, input.code, now) : null;
      if (!user || !factor || step === null || !(await repository.takeStep(factor.id, step)))
        throw unprocessable('staff_wrong_credentials');
      await attempt.succeeded();
      return open(user, 'totp', {}, address, now);
    },

    passkeys,

    logout: async (staff: StaffPrincipal, address: string, now: Date) => {
      await sessions.end(staff, now, address);
      return { ended: true as const };
    },

    session: (staff: StaffPrincipal): StaffSession => toSession(staff),

    /** The one search box, within the account's brands; the search is audited with what was asked. */
    async search(staff: StaffPrincipal, q: string, address: string): Promise<CustomerFound[]> {
      const rows = await repository.search(q, staff.brands);
      await writeStaffAudit(db, {
        staffUserId: staff.userId,
        idHash: staff.idHash,
        action: 'search',
        detail: { q, results: rows.length },
        address,
      });
      return rows.map((r) => ({
        id: String(r.id),
        company: r.company as CompanyCode,
        customerCode: r.customerCode,
        name: r.name,
        fiscalCode: r.fiscalCode,
        vatNumber: r.vatNumber,
        matched: r.matched as CustomerFound['matched'],
        matchedValue: r.matchedValue,
      }));
    },

    /** The customer on one page, through its modules' services (ADR 028); the view is audited first. */
    async customer(
      staff: StaffPrincipal,
      customerId: string,
      address: string,
      now: Date,
    ): Promise<StaffCustomer> {
      const row = await deps.customers.row(customerId);
      if (!row) throw notFound();
      await writeStaffAudit(db, {
        staffUserId: staff.userId,
        idHash: staff.idHash,
        action: 'customer_view',
        customerId: row.id,
        address,
      });
      const [supplies, bills, requests, complaints, messages] = await Promise.all([
        deps.supplies.ofCustomer(row.id),
        deps.invoices.recentOfCustomer(row.id, BILLS_SHOWN, now),
        deps.requests.recentOfCustomer(row.id, LATEST_SHOWN),
        deps.complaints.ofCustomer(row.id, now),
        deps.messages.recentOfCustomer(row.id, LATEST_SHOWN),
      ]);
      return {
        customer: {
          id: String(row.id),
          key: row.key,
          company: row.companyCode as CompanyCode,
          customerCode: row.customerCode,
          customerType: row.customerType,
          name: row.name,
          fiscalCode: row.fiscalCode,
          vatNumber: row.vatNumber,
          email: row.email,
          phone: row.phoneMobile ?? row.phoneHome,
        },
        supplies: supplies.map((s) => ({
          key: s.key,
          commodity: s.commodity,
          pointCode: s.pointCode,
          status: s.status,
          address: `${s.address.address}, ${s.address.postalCode} ${s.address.locality} (${s.address.province})`,
        })),
        bills: bills.invoices.map((b) => ({
          key: b.key,
          number: b.number,
          issueDate: b.issueDate,
          dueDate: b.dueDate,
          amountCents: b.amountCents,
          outstandingCents: b.outstandingCents,
          paymentLevel: b.paymentLevel,
        })),
        owedCents: bills.owedCents,
        requests: requests.requests,
        requestCount: requests.count,
        complaints,
        messages: messages.messages,
        messageCount: messages.count,
      };
    },

    /** What the staff did about a customer (supervisors, administrators); reading it is audited too. */
    async audit(staff: StaffPrincipal, customerId: string, address: string) {
      const id = Number(customerId);
      await writeStaffAudit(db, {
        staffUserId: staff.userId,
        idHash: staff.idHash,
        action: 'audit_view',
        customerId: id,
        address,
      });
      const rows = await repository.auditOfCustomer(id, 100);
      return rows.map((r) => ({
        at: r.at.toISOString(),
        staff: r.staff,
        action: r.action,
        detail: r.detail,
      }));
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
