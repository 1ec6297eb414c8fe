// SQL for portal users: finding one for login or as a customer's holder, the contracts they reach,
// and writing their rows.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { contracts, users } from '@sportello/db/schema';
import { reachedCustomers } from '../../platform/reach/reached-customers.js';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Db) {
  // Every session read (GET sessions/{id}) and user read lists these: prepared, one round trip.
  const reached = reachedCustomers(db, sql.placeholder('userId'));
  const reachedContracts = db
    .select({ id: contracts.id, key: contracts.key, customerId: contracts.customerId })
    .from(contracts)
    .where(inArray(contracts.customerId, db.select({ id: reached.id }).from(reached)))
    .orderBy(contracts.id)
    .prepare('user_reached_contracts');

  return {
    transaction: <T>(fn: (tx: Db) => Promise<T>) => db.transaction(fn),

    /** Usernames are matched without regard to case, within the brand. */
    async byUsername(company: string, username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.companyCode, company), sql`lower(${users.username}) = lower(${username})`))
        .limit(1);
      return row;
    },

    async byId(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async holderOf(customerId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.customerId, customerId)).limit(1);
      return row;
    },

    /** The contracts of every customer the user reaches (own or delegated): one prepared statement. */
    contractsReachedBy: (userId: number) => reachedContracts.execute({ userId }),

    async contractCustomerId(contractKey: string): Promise<number | undefined> {
      const [row] = await db
        .select({ customerId: contracts.customerId })
        .from(contracts)
        .where(eq(contracts.key, contractKey))
        .limit(1);
      return row?.customerId;
    },

    /** `run`: the caller's transaction, when the change must commit with its other rows. */
    async update(
      id: number,
      set: Partial<typeof users.$inferInsert>,
      run: Db = db,
    ): Promise<UserRow | undefined> {
      const [row] = await run.update(users).set(set).where(eq(users.id, id)).returning();
      return row;
    },

    /** Inserts a user unless the username is taken meanwhile (unique index): then undefined. */
    async insert(run: Db, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
      const [row] = await run.insert(users).values(values).onConflictDoNothing().returning();
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
