// SQL for portal users: finding one for login or as a customer's holder, the contracts they reach,
// and writing their settings.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { contracts, users } from '@sportello/db/schema';
import { reachedCustomerIds } from '../customers/reach.js';
import { askingSession, askingUserId, sessionRead, type AskerParams } from '../sessions/asking-session.js';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Db) {
  // Every session read (GET sessions/{id}) and user read lists these: prepared, one round trip. Asked
  // by a session, the statement reads it too, and answers one row even with no contract (a guest's).
  const reachedContracts = db
    .select({
      id: contracts.id,
      key: contracts.key,
      customerId: contracts.customerId,
      asking: askingSession,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(contracts, inArray(contracts.customerId, reachedCustomerIds(db, askingUserId)))
    .orderBy(contracts.id)
    .prepare('user_reached_contracts');

  return {
    /** Usernames are matched without regard to case, within the brand. */
    async byUsername(company: string, username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.companyCode, company), sql`lower(${users.username}) = lower(${username})`))
        .limit(1);
      return row;
    },

    async holderOf(customerId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.customerId, customerId)).limit(1);
      return row;
    },

    /** The contracts of every customer the asker reaches, and the session read with them. */
    async contractsReachedBy(asker: AskerParams) {
      const rows = await reachedContracts.execute({ ...asker });
      const contractRows = rows.flatMap(({ id, key, customerId }) =>
        id === null || key === null || customerId === null ? [] : [{ id, key, customerId }],
      );
      return { contracts: contractRows, read: sessionRead(rows[0]?.asking) };
    },

    async contractCustomerId(contractKey: string): Promise<number | undefined> {
      const [row] = await db
        .select({ customerId: contracts.customerId })
        .from(contracts)
        .where(eq(contracts.key, contractKey))
        .limit(1);
      return row?.customerId;
    },

    async update(id: number, set: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
