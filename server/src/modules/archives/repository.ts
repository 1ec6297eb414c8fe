// SQL of "I tuoi dati" (ADR 039): a user's archives, the one in preparation, storing a finished ZIP,
// and the sweep that empties archives past their 7 days.
import { and, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { dataArchives } from '@sportello/db/schema';

export type ArchiveRow = Omit<typeof dataArchives.$inferSelect, 'contentBase64'>;

const listed = {
  id: dataArchives.id,
  key: dataArchives.key,
  userId: dataArchives.userId,
  customerId: dataArchives.customerId,
  status: dataArchives.status,
  requestedAt: dataArchives.requestedAt,
  readyAt: dataArchives.readyAt,
  expiresAt: dataArchives.expiresAt,
  sizeBytes: dataArchives.sizeBytes,
};

export function createArchivesRepository(db: Db) {
  return {
    async ofUser(userId: number, limit: number): Promise<ArchiveRow[]> {
      return db
        .select(listed)
        .from(dataArchives)
        .where(eq(dataArchives.userId, userId))
        .orderBy(desc(dataArchives.requestedAt), desc(dataArchives.id))
        .limit(limit);
    },

    async countSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(dataArchives)
        .where(and(eq(dataArchives.userId, userId), gte(dataArchives.requestedAt, since)));
      return row?.n ?? 0;
    },

    /** A new archive in preparation; undefined when the user has one already (the partial unique index). */
    async insertPreparing(values: { key: string; userId: number; customerId: number | null; now: Date }) {
      const [row] = await db
        .insert(dataArchives)
        .values({ ...values, status: 'preparing', requestedAt: values.now })
        .onConflictDoNothing()
        .returning(listed);
      return row;
    },

    async byId(id: number): Promise<ArchiveRow | undefined> {
      const [row] = await db.select(listed).from(dataArchives).where(eq(dataArchives.id, id));
      return row;
    },

    async byKey(key: string) {
      const [row] = await db.select().from(dataArchives).where(eq(dataArchives.key, key));
      return row;
    },

    /** Stores the ZIP, once: only an archive still in preparation becomes ready. */
    async finish(id: number, zip: Buffer, readyAt: Date, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(dataArchives)
        .set({
          status: 'ready',
          readyAt,
          expiresAt,
          sizeBytes: zip.length,
          contentBase64: zip.toString('base64'),
        })
        .where(and(eq(dataArchives.id, id), eq(dataArchives.status, 'preparing')))
        .returning({ id: dataArchives.id });
      return rows.length > 0;
    },

    async fail(id: number) {
      await db
        .update(dataArchives)
        .set({ status: 'failed' })
        .where(and(eq(dataArchives.id, id), eq(dataArchives.status, 'preparing')));
    },

    /** Deletes the content of every archive past its days; answers how many. */
    async expire(now: Date): Promise<number> {
      const rows = await db
        .update(dataArchives)
        .set({ status: 'expired', contentBase64: null })
        .where(
          and(
            eq(dataArchives.status, 'ready'),
            isNotNull(dataArchives.expiresAt),
            lte(dataArchives.expiresAt, now),
          ),
        )
        .returning({ id: dataArchives.id });
      return rows.length;
    },
  };
}

export type ArchivesRepository = ReturnType<typeof createArchivesRepository>;
