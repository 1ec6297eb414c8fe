// SQL of the customers' passkeys (ADR 038); their ceremonies' challenges are platform/auth/webauthn.ts's.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { passkeys } from '@sportello/db/schema';

export type PasskeyRow = typeof passkeys.$inferSelect;

export function createPasskeysRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Db) => Promise<T>) => db.transaction(work),

    ofUser: (userId: number) =>
      db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(desc(passkeys.createdAt), desc(passkeys.id)),

    async countOfUser(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
      return row?.n ?? 0;
    },

    async byCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
      return row;
    },

    async insert(row: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
      const [inserted] = await db.insert(passkeys).values(row).returning();
      return inserted!;
    },

    async markUsed(id: number, counter: number, now: Date) {
      await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
    },

    /** The removed passkey's name, or undefined when the user has none of that key. */
    async remove(userId: number, key: string): Promise<string | undefined> {
      const [removed] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.key, key)))
        .returning({ name: passkeys.name });
      return removed?.name;
    },
  };
}

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
