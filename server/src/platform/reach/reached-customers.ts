// What a user reaches, in SQL, defined once (ADR 027): the user's own customer and the customers of its
// active delegations, always within the user's brand. The session store reads it with the session
// (one statement), and every reach decision (check-reach.ts) is taken against that set.
import { and, eq, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { customers, delegations, users } from '@sportello/db/schema';

/**
 * The reached customers' ids, each with `own` (the user's own customer) or not (a delegation), for
 * the user `userId` names (a column of an enclosing statement, or a value). Both branches start from
 * the user's row (its primary key, then the delegations' (user, customer) index), so the cost follows
 * the user's own customers and delegations, never the size of the brand.
 */
export const reachedCustomers = (db: Db, userId: Column | SQL | Placeholder | number) =>
  db
    .select({ id: customers.id, own: sql<boolean>`true`.as('own') })
    .from(users)
    .innerJoin(
      customers,
      and(eq(customers.id, users.customerId), eq(customers.companyCode, users.companyCode)),
    )
    .where(eq(users.id, userId))
    .unionAll(
      db
        .select({ id: customers.id, own: sql<boolean>`false` })
        .from(delegations)
        .innerJoin(users, eq(users.id, delegations.userId))
        .innerJoin(
          customers,
          and(eq(customers.id, delegations.customerId), eq(customers.companyCode, users.companyCode)),
        )
        // The own customer comes from the first branch only, even when also delegated.
        .where(
          and(
            eq(delegations.userId, userId),
            eq(delegations.status, 'Active'),
            sql`${customers.id} is distinct from ${users.customerId}`,
          ),
        ),
    )
    .as('reached');

/** The customers a session's user reaches: its own (null when it has none) and its delegated ones. */
export interface ReachedCustomers {
  own: number | null;
  delegated: readonly number[];
}

export const NO_CUSTOMERS: ReachedCustomers = { own: null, delegated: [] };

/**
 * The reached customers of the user `userId` names, as one JSON text column (`[[id, own], …]`) of an
 * enclosing statement: the session read carries its reach without a second round trip.
 */
export function reachedCustomersColumn(db: Db, userId: Column) {
  const reached = reachedCustomers(db, userId);
  return sql<string>`(select coalesce(json_agg(json_build_array(${reached.id}, ${reached.own})), '[]')::text from ${reached})`;
}

export function decodeReachedCustomers(text: string): ReachedCustomers {
  const pairs = JSON.parse(text) as [number | string, boolean][];
  const own = pairs.find(([, isOwn]) => isOwn);
  return {
    own: own ? Number(own[0]) : null,
    delegated: pairs.filter(([, isOwn]) => !isOwn).map(([id]) => Number(id)),
  };
}

/** Every reached customer id, own first. */
export const reachedIds = (reached: ReachedCustomers): number[] =>
  reached.own === null ? [...reached.delegated] : [reached.own, ...reached.delegated];

export const reaches = (reached: ReachedCustomers, customerId: number) =>
  reached.own === customerId || reached.delegated.includes(customerId);
