// What a session reaches, in SQL, defined once: the user's own customer and the customers of its active
// delegations, always within the user's brand. The customers repository lists them with it; the other
// repositories embed `reachedCustomerIds` in their own statements, so that a GET gets its data and its
// ownership answer in one round trip (issue 12). server/test/contract-access.test.ts guards the rule.
import { and, eq, isNotNull, or, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, delegations, users } from '../../db/schema/index.js';

/** The user id of a prepared statement: every reach-checking statement takes it under this name. */
export const USER_ID = sql.placeholder('userId');

type UserId = number | Placeholder;

/** The reached customers' ids, each with `own` (the user's own customer) or not (a delegation). */
export const reachedCustomers = (db: Db, userId: UserId = USER_ID) =>
  db
    .select({ id: customers.id, own: sql<boolean>`${customers.id} = ${users.customerId}`.as('own') })
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
    .where(or(eq(customers.id, users.customerId), isNotNull(delegations.id)))
    .as('reached');

/** The ids alone, for `inArray(table.customerId, reachedCustomerIds(db))` in another statement. */
export function reachedCustomerIds(db: Db, userId: UserId = USER_ID) {
  const reached = reachedCustomers(db, userId);
  return db.select({ id: reached.id }).from(reached);
}
