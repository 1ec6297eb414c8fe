// SQL for customers and for who reaches them (the rule itself is in reach.ts). Both statements are
// prepared once: "which customers" and "is this one" are each one round trip.
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey, byIdOrKeyPlaceholder, idOrKeyParams } from '@sportello/db/ids';
import { customers } from '@sportello/db/schema';
import { askingSession, askingUserId, sessionRead, type AskerParams } from '../sessions/asking-session.js';
import type { SessionWithUserRow } from '../../platform/sessions/session-store.js';
import { reachedCustomers } from './reach.js';

export type CustomerRow = typeof customers.$inferSelect;
export type ReachedCustomer = { row: CustomerRow; delegated: boolean };

export function createCustomersRepository(db: Db) {
  const reached = reachedCustomers(db);
  const select = (only: ReturnType<typeof byIdOrKeyPlaceholder>) =>
    db
      .select({ row: customers, own: reached.own })
      .from(customers)
      .innerJoin(reached, eq(reached.id, customers.id))
      .where(only)
      .orderBy(desc(reached.own), asc(customers.id));
  const askedReach = reachedCustomers(db, askingUserId);
  const all = db
    .select({ row: customers, own: askedReach.own, asking: askingSession })
    .from(customers)
    .innerJoin(askedReach, eq(askedReach.id, customers.id))
    .orderBy(desc(askedReach.own), asc(customers.id))
    .prepare('customers_reached');
  const one = select(byIdOrKeyPlaceholder(customers.id, customers.key)).prepare('customers_reached_one');

  const toReached = (rows: { row: CustomerRow; own: boolean }[]): ReachedCustomer[] =>
    rows.map(({ row, own }) => ({ row, delegated: !own }));

  return {
    /** Customers the asker reaches, own first, and the session read with them (when a session asked). */
    async reached(
      asker: AskerParams,
    ): Promise<{ rows: ReachedCustomer[]; read: SessionWithUserRow | undefined }> {
      const rows = await all.execute({ ...asker });
      return { rows: toReached(rows), read: rows[0] && sessionRead(rows[0].asking) };
    },

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
