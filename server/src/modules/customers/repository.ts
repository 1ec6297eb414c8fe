// SQL for customers and for who reaches them (the rule itself is in reach.ts). Both statements are
// prepared once: "which customers" and "is this one" are each one round trip.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { byIdOrKey, byIdOrKeyPlaceholder, idOrKeyParams } from '../../db/ids.js';
import { customers } from '../../db/schema/index.js';
import { reachedCustomers } from './reach.js';

export type CustomerRow = typeof customers.$inferSelect;
export type ReachedCustomer = { row: CustomerRow; delegated: boolean };

export function createCustomersRepository(db: Db) {
  const reached = reachedCustomers(db);
  const select = (only?: ReturnType<typeof byIdOrKeyPlaceholder>) =>
    db
      .select({ row: customers, own: reached.own })
      .from(customers)
      .innerJoin(reached, eq(reached.id, customers.id))
      .where(and(only))
      .orderBy(desc(reached.own), asc(customers.id));
  const all = select().prepare('customers_reached');
  const one = select(byIdOrKeyPlaceholder(customers.id, customers.key)).prepare('customers_reached_one');

  const toReached = (rows: { row: CustomerRow; own: boolean }[]): ReachedCustomer[] =>
    rows.map(({ row, own }) => ({ row, delegated: !own }));

  return {
    /** Customers the user reaches, own first. */
    reached: async (userId: number) => toReached(await all.execute({ userId })),

    /** The customer with this id or key if the user reaches it, else whether it exists at all. */
    async reachedOne(userId: number, idOrKey: string): Promise<ReachedCustomer | 'missing' | 'unreachable'> {
      const [hit] = toReached(await one.execute({ userId, ...idOrKeyParams(idOrKey) }));
      if (hit) return hit;
      const [exists] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(byIdOrKey(customers.id, customers.key, idOrKey))
        .limit(1);
      return exists ? 'unreachable' : 'missing';
    },
  };
}
