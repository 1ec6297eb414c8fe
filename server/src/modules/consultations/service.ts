// "Vedi come il cliente" (ADR 043). An operator opens a read-only view of a customer's
// portal with a reason: the consultation and its staff audit row are written in one transaction before
// anything is shown, and a single-use code (60 s, bound to the asking staff session) is answered. The
// portal tab spends it with the same staff session for a customer session flagged as a view: route()
// refuses its writes, the session store ends it with the staff session, and it is no login of the
// customer's (no history, no new-device notice, not in "Dispositivi e accessi").
import { createHash, randomBytes } from 'node:crypto';
import type { Session, ViewReason, consultations, staffViews } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { notFound, unprocessable } from '../../http/app-error.js';
import type { SessionStore, SessionUser } from '../../platform/sessions/session-store.js';
import { writeStaffAudit, type StaffPrincipal } from '../../platform/staff/staff-sessions.js';
import type { CustomersService } from '../customers/service.js';
import type { UsersService } from '../users/service.js';
import type { ConsultationRow, ConsultationsRepository } from './repository.js';

/** A view lasts this long at most, and never beyond the staff session. */
export const VIEW_LIFETIME_MS = 30 * 60_000;
/** The code is spent by the tab the console opens at once: a minute is plenty, and little to steal. */
export const VIEW_CODE_LIFETIME_MS = 60_000;

const hash = (code: string) => createHash('sha256').update(code).digest('base64url');

export function createConsultationsService(deps: {
  db: Db;
  repository: ConsultationsRepository;
  store: SessionStore;
  customers: CustomersService;
  users: UsersService;
}) {
  const { db, repository, store, customers, users } = deps;

  const toCustomerEntry = (row: ConsultationRow): consultations.Consultation => ({
    at: (row.openedAt ?? row.createdAt).toISOString(),
    reason: row.reason as ViewReason,
    note: row.note,
    endsAt: row.endsAt.toISOString(),
  });

  return {
    async open(
      staff: StaffPrincipal,
      customerId: string,
      input: { reason: ViewReason; note?: string | undefined },
      address: string,
      now: Date,
    ) {
      const customer = await customers.row(customerId);
      if (!customer) throw notFound();
      const holder = await users.holderOf(customer.id);
      if (!holder || holder.status !== 'Active') throw unprocessable('staff_view_no_user');
      const code = randomBytes(16).toString('base64url');
      const codeExpiresAt = new Date(now.getTime() + VIEW_CODE_LIFETIME_MS);
      const endsAt = new Date(Math.min(now.getTime() + VIEW_LIFETIME_MS, staff.expiresAt.getTime()));
      const note = input.note || null;
      await db.transaction(async (tx) => {
        const row = await repository.insert(tx, {
          customerId: customer.id,
          userId: holder.id,
          staffUserId: staff.userId,
          staffName: staff.displayName,
          staffSessionHash: staff.idHash,
          reason: input.reason,
          note,
          createdAt: now,
          endsAt,
          codeHash: hash(code),
          codeExpiresAt,
        });
        await writeStaffAudit(tx, {
          staffUserId: staff.userId,
          idHash: staff.idHash,
          action: 'customer_view_as',
          customerId: customer.id,
          detail: { consultation: row.id, reason: input.reason, note, endsAt: endsAt.toISOString() },
          address,
        });
      });
      return { code, codeExpiresAt: codeExpiresAt.toISOString(), endsAt: endsAt.toISOString() };
    },

    /** The asking staff session's code, once, for a read-only session of the customer's holder. */
    async exchange(
      staff: StaffPrincipal,
      code: string,
      userAgent: string | null,
      now: Date,
    ): Promise<Session> {
      const spent = await repository.spendCode(hash(code), staff.idHash, now);
      const user: SessionUser | undefined = spent && (await users.byId(spent.userId));
      if (!spent || !user || user.status !== 'Active') throw unprocessable('staff_view_code_invalid');
      const opened = await store.create({
        company: user.companyCode as Session['company'],
        clientSpec: null,
        userId: user.id,
        now,
        userAgent,
        view: { consultationId: spent.id, expiresAt: spent.endsAt },
      });
      await writeStaffAudit(db, {
        staffUserId: staff.userId,
        idHash: staff.idHash,
        action: 'customer_view_opened',
        customerId: spent.customerId,
        detail: { consultation: spent.id },
      });
      return {
        id: opened.id,
        company: user.companyCode as Session['company'],
        locale: 'it',
        roles: ['user'],
        user: await users.toDto(user),
        expiresAt: opened.expiresAt.toISOString(),
        view: { staffName: spent.staffName, reason: spent.reason, endsAt: spent.endsAt.toISOString() },
      };
    },

    /** The operator's list: every consultation, opened or not. */
    async ofCustomerForStaff(customerId: string): Promise<staffViews.StaffView[]> {
      const rows = await repository.ofCustomer(Number(customerId), false);
      return rows.map((row) => ({
        ...toCustomerEntry(row),
        at: row.createdAt.toISOString(),
        staff: row.staffName,
        opened: row.openedAt !== null,
      }));
    },

    /** The customer's list: the views that showed the portal, of the user's own customer only. */
    async ofUser(user: SessionUser): Promise<consultations.Consultation[]> {
      if (user.customerId === null) return [];
      return (await repository.ofCustomer(user.customerId, true)).map(toCustomerEntry);
    },
  };
}

export type ConsultationsService = ReturnType<typeof createConsultationsService>;
