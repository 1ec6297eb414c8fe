// SQL for customers: the ones a user reaches (the rule itself is platform/reach/reached-customers.ts),
// one by id or key, the consents and contacts the portal changes, and the consents' history.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey } from '@sportello/db/ids';
import { consentChanges, customers, delegations } from '@sportello/db/schema';
import { reachedCustomers } from '../../platform/reach/reached-customers.js';

export type CustomerRow = typeof customers.$inferSelect;
export type ConsentChangeRow = typeof consentChanges.$inferInsert;
/** What the portal changes on a customer: its consents and contacts (the rest is the ERP's). */
export type CustomerChange = Partial<
  Pick<
    typeof customers.$inferInsert,
    'privacyCompany' | 'privacyOthers' | 'phoneHome' | 'email' | 'phoneMobile'
  >
>;

export function createCustomersRepository(db: Db) {
  return {
    /** These customers, by id. */
    byIds: (ids: readonly number[]): Promise<CustomerRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(customers)
            .where(inArray(customers.id, [...ids]))
            .orderBy(asc(customers.id)),

    /** The ids of the customers a user reaches (own or delegated). */
    async reachedIds(userId: number): Promise<number[]> {
      const reached = reachedCustomers(db, userId);
      const rows = await db.select({ id: reached.id }).from(reached);
      return rows.map((row) => row.id);
    },

    /** Whether the user's active delegation to the customer lets them change its direct debit (ADR 047). */
    async delegateMayChangeBanking(userId: number, customerId: number): Promise<boolean> {
      const [row] = await db
        .select({ may: delegations.mayChangeBanking })
        .from(delegations)
        .where(
          and(
            eq(delegations.userId, userId),
            eq(delegations.customerId, customerId),
            eq(delegations.status, 'Active'),
          ),
        )
        .limit(1);
      return row?.may ?? false;
    },

    /** `run`: the caller's transaction, when the change must commit with its other rows. */
    async update(id: number, set: CustomerChange, run: Db = db) {
      await run.update(customers).set(set).where(eq(customers.id, id));
    },

    /** The customer's row locked for the caller's transaction: its consents' old values, read once. */
    async lock(run: Db, id: number): Promise<CustomerRow | undefined> {
      const [row] = await run.select().from(customers).where(eq(customers.id, id)).for('update');
      return row;
    },

    async insertConsentChanges(run: Db, rows: ConsentChangeRow[]) {
      if (rows.length > 0) await run.insert(consentChanges).values(rows);
    },

    /** The latest consent changes of the customer, newest first. */
    consentChanges: (customerId: number, take: number) =>
      db
        .select()
        .from(consentChanges)
        .where(eq(consentChanges.customerId, customerId))
        .orderBy(desc(consentChanges.at), desc(consentChanges.id))
        .limit(take),

    async byIdOrKey(idOrKey: string): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select()
        .from(customers)
        .where(byIdOrKey(customers.id, customers.key, idOrKey))
        .limit(1);
      return row;
    },
  };
}
