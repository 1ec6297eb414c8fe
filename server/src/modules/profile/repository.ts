// SQL of the profile: one-time-code workflows, and the customer's latest registry-change request
// (Var_Anagrafica rows of the requests table). Users, customers and requests are written through
// their modules' services.
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { customers, einvoiceRecipients, otpWorkflows, requests } from '@sportello/db/schema';
import type { OtpOwner, OtpRow } from '../../platform/auth/one-time-code.js';

export type Contact = 'email' | 'phoneMobile';

const ownedBy = (owner: OtpOwner) =>
  'userId' in owner
    ? eq(otpWorkflows.userId, owner.userId)
    : and(isNull(otpWorkflows.userId), eq(otpWorkflows.customerId, owner.customerId));

export function createProfileRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Db) => Promise<T>) => db.transaction(work),

    /** A new code ends the owner's earlier open codes of the channel: only the latest one works. */
    async replaceOtp(tx: Db, owner: OtpOwner, row: typeof otpWorkflows.$inferInsert, now: Date) {
      await tx
        .update(otpWorkflows)
        .set({ expiresAt: now })
        .where(
          and(
            ownedBy(owner),
            eq(otpWorkflows.channel, row.channel),
            isNull(otpWorkflows.verifiedAt),
            gt(otpWorkflows.expiresAt, now),
          ),
        );
      await tx.insert(otpWorkflows).values({ ...row, ...owner });
    },

    async findOtp(tx: Db, id: string, owner: OtpOwner): Promise<OtpRow | undefined> {
      const [row] = await tx
        .select()
        .from(otpWorkflows)
        .where(and(eq(otpWorkflows.id, id), ownedBy(owner)))
        .limit(1);
      return row;
    },

    /**
     * Counts one try, only on a code still open (unused, unexpired, under the limit): concurrent tries
     * each take their own count, so no more than `maxTries` guesses ever reach the hash.
     */
    async countTry(tx: Db, id: string, owner: OtpOwner, maxTries: number, now: Date) {
      const [row] = await tx
        .update(otpWorkflows)
        .set({ attempts: sql`${otpWorkflows.attempts} + 1` })
        .where(
          and(
            eq(otpWorkflows.id, id),
            ownedBy(owner),
            isNull(otpWorkflows.verifiedAt),
            gt(otpWorkflows.expiresAt, now),
            lt(otpWorkflows.attempts, maxTries),
          ),
        )
        .returning();
      return row;
    },

    /** Marks the code used; false when another request used it first. */
    async markVerified(tx: Db, id: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(otpWorkflows)
        .set({ verifiedAt: now })
        .where(and(eq(otpWorkflows.id, id), isNull(otpWorkflows.verifiedAt)))
        .returning({ id: otpWorkflows.id });
      return rows.length > 0;
    },

    /** Locks the customer row so two registry changes cannot both pass the in-progress check. */
    /** Where the customer's electronic invoices go, as set in the portal (ADR 067). */
    async eInvoiceRecipient(customerId: number) {
      const [row] = await db
        .select()
        .from(einvoiceRecipients)
        .where(eq(einvoiceRecipients.customerId, customerId));
      return row;
    },

    /** Saves it over the one before, in the caller's transaction; answers the row saved. */
    async saveEInvoiceRecipient(tx: Db, row: typeof einvoiceRecipients.$inferInsert) {
      const { customerId: _id, ...changes } = row;
      const [saved] = await tx
        .insert(einvoiceRecipients)
        .values(row)
        .onConflictDoUpdate({ target: einvoiceRecipients.customerId, set: changes })
        .returning();
      return saved!;
    },

    async lockCustomer(tx: Db, id: number) {
      await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).for('update');
    },

    async registryChanges(tx: Db, customerId: number, requestType: string) {
      return tx
        .select({
          requestType: requests.requestType,
          status: requests.status,
          phaseCode: requests.phaseCode,
          createdDate: requests.createdDate,
        })
        .from(requests)
        .where(and(eq(requests.customerId, customerId), eq(requests.requestType, requestType)))
        .orderBy(desc(requests.createdDate), desc(requests.id))
        .limit(1);
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
