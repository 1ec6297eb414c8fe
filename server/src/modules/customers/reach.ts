// What a session reaches, in SQL, defined once: the user's own customer and the customers of its active
// delegations, always within the user's brand. The customers repository lists them with it; the other
// repositories embed `reachedCustomerIds` in their own statements, so that a GET gets its data and its
// ownership answer in one round trip (issue 12). server/test/contract-access.test.ts guards the rule.
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { customers, delegations, users } from '@sportello/db/schema';

/** The user id of a prepared statement: every reach-checking statement takes it under this name. */
export const USER_ID = sql.placeholder('userId');

/** A user id, the `userId` placeholder, or `askingUserId` (the asking session's user). */
type UserId = number | Placeholder | SQL;

/**
 * The reached customers' ids, each with `own` (the user's own customer) or not (a delegation). Both
 * branches start from the user's row (its primary key, then the delegations' (user, customer) index),
 * so the cost follows the user's own customers and delegations, never the size of the brand.
 */
export const reachedCustomers = (db: Db, userId: UserId = USER_ID) =>
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

/** The ids alone, for `inArray(table.customerId, reachedCustomerIds(db))` in another statement. */
export function reachedCustomerIds(db: Db, userId: UserId = USER_ID) {
  const reached = reachedCustomers(db, userId);
  return db.select({ id: reached.id }).from(reached);
}
