// SQL of the staff passkeys (ADR 044); their ceremonies' challenges are platform/auth/webauthn.ts's.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { staffPasskeys, staffUsers } from '@sportello/db/schema';

export type StaffPasskeyRow = typeof staffPasskeys.$inferSelect;

export function createStaffPasskeysRepository(db: Db) {
  return {
    ofAccount: (staffUserId: number) =>
      db
        .select()
        .from(staffPasskeys)
        .where(eq(staffPasskeys.staffUserId, staffUserId))
        .orderBy(desc(staffPasskeys.createdAt), desc(staffPasskeys.id)),

    async countOfAccount(staffUserId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(staffPasskeys)
        .where(eq(staffPasskeys.staffUserId, staffUserId));
      return row?.n ?? 0;
    },

    async byCredentialId(credentialId: string): Promise<StaffPasskeyRow | undefined> {
      const [row] = await db
        .select()
        .from(staffPasskeys)
        .where(eq(staffPasskeys.credentialId, credentialId))
        .limit(1);
      return row;
    },

    async account(staffUserId: number) {
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, staffUserId)).limit(1);
      return row;
    },

    async insert(tx: Db, row: typeof staffPasskeys.$inferInsert): Promise<StaffPasskeyRow> {
      const [inserted] = await tx.insert(staffPasskeys).values(row).returning();
      return inserted!;
    },

    async markUsed(id: number, counter: number, now: Date) {
      await db.update(staffPasskeys).set({ counter, lastUsedAt: now }).where(eq(staffPasskeys.id, id));
    },

    /** The removed passkey's name, or undefined when the account has none of that key. */
    async remove(tx: Db, staffUserId: number, key: string): Promise<string | undefined> {
      const [removed] = await tx
        .delete(staffPasskeys)
        .where(and(eq(staffPasskeys.staffUserId, staffUserId), eq(staffPasskeys.key, key)))
        .returning({ name: staffPasskeys.name });
      return removed?.name;
    },
  };
}

export type StaffPasskeysRepository = ReturnType<typeof createStaffPasskeysRepository>;
