// SQL for customers and for who reaches them: the user's own customer and active delegations,
// always within the user's brand. One statement answers "which customers" and "is this one".
import { and, asc, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { byIdOrKey } from '../../db/ids.js';
import { customers, delegations, users } from '../../db/schema/index.js';

export type CustomerRow = typeof customers.$inferSelect;
export type ReachedCustomer = { row: CustomerRow; delegated: boolean };

export function createCustomersRepository(db: Db) {
  /** Customers the user reaches, own first; `only` narrows to one id or key. */
  async function reached(userId: number, only?: SQL): Promise<ReachedCustomer[]> {
    const own = sql<boolean>`${customers.id} = ${users.customerId}`;
    const rows = await db
      .select({ row: customers, own })
      .from(customers)
      .innerJoin(users, and(eq(users.id, userId), eq(users.companyCode, customers.companyCode)))
      .leftJoin(
        delegations,
        and(
          eq(delegations.customerId, customers.id),
          eq(delegations.userId, users.id),
          eq(delegations.status, 'Active'),
        ),
      )
      .where(and(or(eq(customers.id, users.customerId), isNotNull(delegations.id)), only))
      .orderBy(desc(own), asc(customers.id));
    return rows.map(({ row, own: isOwn }) => ({ row, delegated: !isOwn }));
  }

  return {
    reached: (userId: number) => reached(userId),

    /** The customer with this id or key if the user reaches it, else whether it exists at all. */
    async reachedOne(userId: number, idOrKey: string): Promise<ReachedCustomer | 'missing' | 'unreachable'> {
      const match = byIdOrKey(customers.id, customers.key, idOrKey);
      const [hit] = await reached(userId, match);
      if (hit) return hit;
      const [exists] = await db.select({ id: customers.id }).from(customers).where(match).limit(1);
      return exists ? 'unreachable' : 'missing';
    },
  };
}
