// SQL of readings: reading windows (and their announcement), the readings archive, and self-readings
// with their submission records.
import { and, asc, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { readingSubmissions, readingWindows, readings, supplies } from '@sportello/db/schema';
import { recordCustomerEvent } from '../../platform/events/outbox.js';

const readingColumns = {
  reading: readings,
  implausibleConfirmed: sql<boolean>`coalesce(${readingSubmissions.implausibleConfirmed}, false)`,
  meterReplaced: sql<boolean>`coalesce(${readingSubmissions.meterReplaced}, false)`,
  hasPhoto: sql<boolean>`${readingSubmissions.photoDocumentId} is not null`,
};
export type ReadingWithSubmission = {
  reading: typeof readings.$inferSelect;
  implausibleConfirmed: boolean;
  meterReplaced: boolean;
  hasPhoto: boolean;
};

export interface NewSelfReading {
  supplyId: number;
  token: string;
  readingDate: string;
  values: Record<string, number>;
  userId: number | null;
  viaLinkId: number | null;
  implausible: { channel: string; consumption: number; expected: number }[] | null;
  meterReplaced: boolean;
}

export function createReadingsRepository(db: Db) {
  const readingsOf = (where: SQL | undefined) =>
    db
      .select(readingColumns)
      .from(readings)
      .leftJoin(readingSubmissions, eq(readingSubmissions.readingId, readings.id))
      .where(where);

  // What a month's use is read from, nothing more, prepared once: the consumption chart asks on every
  // call (ADR 071). Same rows and order as readingsSince.
  const registersSince = db
    .select({ readingDate: readings.readingDate, values: readings.values })
    .from(readings)
    .where(
      and(
        eq(readings.supplyId, sql.placeholder('supplyId')),
        gte(readings.readingDate, sql.placeholder('since')),
      ),
    )
    .orderBy(desc(readings.readingDate), desc(readings.id))
    .prepare('metering_registers_since');

  return {
    /** Windows not yet closed on `today`, earliest first: the open one (if any) and the next. */
    async windowsFrom(supplyId: number, today: string) {
      return db
        .select({ opensOn: readingWindows.opensOn, closesOn: readingWindows.closesOn })
        .from(readingWindows)
        .where(and(eq(readingWindows.supplyId, supplyId), gte(readingWindows.closesOn, today)))
        .orderBy(asc(readingWindows.opensOn))
        .limit(2);
    },

    async readingsSince(supplyId: number, since: string): Promise<ReadingWithSubmission[]> {
      return readingsOf(and(eq(readings.supplyId, supplyId), gte(readings.readingDate, since))).orderBy(
        desc(readings.readingDate),
        desc(readings.id),
      );
    },

    /** The register values read since `since` (inclusive), newest first. */
    async registersSince(supplyId: number, since: string) {
      return registersSince.execute({ supplyId, since });
    },

    /** The newest `limit` readings (the history plausibility is judged on). */
    async latestReadings(supplyId: number, limit: number): Promise<ReadingWithSubmission[]> {
      return readingsOf(eq(readings.supplyId, supplyId))
        .orderBy(desc(readings.readingDate), desc(readings.id))
        .limit(limit);
    },

    async readingOfToken(supplyId: number, token: string): Promise<ReadingWithSubmission | undefined> {
      const [row] = await db
        .select(readingColumns)
        .from(readingSubmissions)
        .innerJoin(readings, eq(readings.id, readingSubmissions.readingId))
        .where(and(eq(readingSubmissions.supplyId, supplyId), eq(readingSubmissions.token, token)))
        .limit(1);
      return row;
    },

    /**
     * Records a self-reading once per token: the submission row is claimed first (a concurrent twin
     * waits on the unique key, then finds it taken), then the reading and the photo, kept by
     * `storePhoto` in the same transaction (the documents module's, ADR 029). Answers false when the
     * token was already used.
     */
    async insertSelfReading(
      input: NewSelfReading,
      storePhoto: (tx: Db) => Promise<number | null>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(readingSubmissions)
          .values({
            supplyId: input.supplyId,
            token: input.token,
            userId: input.userId,
            viaLinkId: input.viaLinkId,
            implausible: input.implausible,
            implausibleConfirmed: input.implausible !== null,
            meterReplaced: input.meterReplaced,
          })
          .onConflictDoNothing()
          .returning({ id: readingSubmissions.id });
        if (!claimed) return false;
        const [reading] = await tx
          .insert(readings)
          .values({
            supplyId: input.supplyId,
            readingDate: input.readingDate,
            source: 'self',
            status: 'received',
            values: input.values,
          })
          .returning({ id: readings.id });
        // The supplier's systems hear of it in the same transaction (ADR 036's outbox).
        const [supply] = await tx
          .select({ customerId: supplies.customerId, extKey: supplies.extKey, pointCode: supplies.pointCode })
          .from(supplies)
          .where(eq(supplies.id, input.supplyId));
        if (supply && reading)
          await recordCustomerEvent(tx, {
            customerId: supply.customerId,
            kind: 'selfReading.sent',
            entityKey: `READING-${reading.id}`,
            payload: {
              supplyId: input.supplyId,
              supplyExtKey: supply.extKey,
              pointCode: supply.pointCode,
              readingDate: input.readingDate,
              values: input.values,
              meterReplaced: input.meterReplaced,
              implausible: input.implausible,
            },
          });
        const photoDocumentId = await storePhoto(tx);
        await tx
          .update(readingSubmissions)
          .set({ readingId: reading?.id ?? null, photoDocumentId })
          .where(eq(readingSubmissions.id, claimed.id));
        return true;
      });
    },

    /**
     * Claims the windows open on `today` that nobody was told about yet, once, in the transaction
     * `tx` that queues their notices: the update marks them, so two processes (or two ticks) never
     * announce the same window twice.
     */
    async claimOpeningWindows(tx: Db, today: string, now: Date) {
      return tx
        .update(readingWindows)
        .set({ announcedAt: now })
        .where(
          and(
            isNull(readingWindows.announcedAt),
            lte(readingWindows.opensOn, today),
            gte(readingWindows.closesOn, today),
          ),
        )
        .returning({ supplyId: readingWindows.supplyId, closesOn: readingWindows.closesOn });
    },

    /**
     * Claims the windows opening on `tomorrow` whose customer was not reminded yet, once, as
     * claimOpeningWindows does.
     */
    async claimWindowsOpening(tx: Db, tomorrow: string, now: Date) {
      return tx
        .update(readingWindows)
        .set({ remindedAt: now })
        .where(and(isNull(readingWindows.remindedAt), eq(readingWindows.opensOn, tomorrow)))
        .returning({
          supplyId: readingWindows.supplyId,
          opensOn: readingWindows.opensOn,
          closesOn: readingWindows.closesOn,
        });
    },
  };
}

export type ReadingsRepository = ReturnType<typeof createReadingsRepository>;
