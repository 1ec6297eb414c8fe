// SQL for customers and for who reaches them (own customer, active delegations).
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, delegations, users } from '../../db/schema/index.js';

export type CustomerRow = typeof customers.$inferSelect;

export function createCustomersRepository(db: Db) {
  return {
    /** Customer ids the user reaches with whether each is delegated; own customer first. */
    async reachableIds(userId: number): Promise<{ customerId: number; delegated: boolean }[]> {
      const rows = await db
        .select({ own: users.customerId, delegated: delegations.customerId })
        .from(users)
        .leftJoin(delegations, and(eq(delegations.userId, users.id), eq(delegations.status, 'Active')))
        .where(eq(users.id, userId));
      const reach = new Map<number, boolean>();
      const own = rows[0]?.own;
      if (own != null) reach.set(own, false);
      for (const row of rows) {
        if (row.delegated != null && !reach.has(row.delegated)) reach.set(row.delegated, true);
      }
      return [...reach].map(([customerId, delegated]) => ({ customerId, delegated }));
    },

    async byIds(ids: number[]): Promise<CustomerRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(customers).where(inArray(customers.id, ids));
    },

    /** Looks a customer up by numeric id or by key. */
    async byIdOrKey(idOrKey: string): Promise<CustomerRow | undefined> {
      const numeric = /^\d{1,15}$/.test(idOrKey) ? Number(idOrKey) : -1;
      const [row] = await db
        .select()
        .from(customers)
        .where(or(eq(customers.id, numeric), eq(customers.key, idOrKey)))
        .limit(1);
      return row;
    },
  };
}
