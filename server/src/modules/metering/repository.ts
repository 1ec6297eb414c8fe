// SQL of the metering module: a supply with its meter group and offer, reading windows, readings and
// their self-reading records, consumption summed by period and band, PUN quotations.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { byIdOrKey } from '../../db/ids.js';
import {
  consumptions,
  documents,
  meterGroups,
  offers,
  quotations,
  readingSubmissions,
  readingWindows,
  readings,
  supplies,
} from '../../db/schema/index.js';

export type Granularity = 'hour' | 'day' | 'month' | 'year';

const PERIOD_FORMAT: Record<Granularity, string> = {
  year: 'YYYY',
  month: 'YYYY-MM',
  day: 'YYYY-MM-DD',
  hour: 'YYYY-MM-DD"T"HH24',
};

/** A Rome calendar date as the instant of its midnight. */
const romeMidnight = (date: string) => sql`(${date}::date::timestamp at time zone 'Europe/Rome')`;

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
  customerId: number;
  token: string;
  readingDate: string;
  values: Record<string, number>;
  userId: number | null;
  viaLinkId: number | null;
  implausible: { channel: string; consumption: number; expected: number }[] | null;
  meterReplaced: boolean;
  photo: { contentType: string; base64: string } | null;
}

export function createMeteringRepository(db: Db) {
  const readingsOf = (where: SQL | undefined) =>
    db
      .select(readingColumns)
      .from(readings)
      .leftJoin(readingSubmissions, eq(readingSubmissions.readingId, readings.id))
      .where(where);

  return {
    /** The supply by id or key, with its meter group and offer (null when it has none). */
    async findSupply(idOrKey: string) {
      const [row] = await db
        .select({ supply: supplies, meter: meterGroups, offer: offers })
        .from(supplies)
        .leftJoin(meterGroups, eq(meterGroups.supplyId, supplies.id))
        .leftJoin(offers, eq(offers.id, supplies.offerId))
        .where(byIdOrKey(supplies.id, supplies.key, idOrKey))
        .limit(1);
      return row;
    },

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
     * waits on the unique key, then finds it taken), then the reading and the photo. Answers false
     * when the token was already used.
     */
    async insertSelfReading(input: NewSelfReading): Promise<boolean> {
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
        let photoDocumentId: number | null = null;
        if (input.photo) {
          const [doc] = await tx
            .insert(documents)
            .values({
              key: `DOC-LET-${randomBytes(6).toString('hex').toUpperCase()}`,
              customerId: input.customerId,
              documentType: 'FotoLettura',
              contentType: input.photo.contentType,
              status: 'ready',
              title: `Foto del contatore del ${input.readingDate}`,
              contentBase64: input.photo.base64,
              generatedAt: new Date(),
            })
            .returning({ id: documents.id });
          photoDocumentId = doc?.id ?? null;
        }
        await tx
          .update(readingSubmissions)
          .set({ readingId: reading?.id ?? null, photoDocumentId })
          .where(eq(readingSubmissions.id, claimed.id));
        return true;
      });
    },

    /**
     * Consumption summed in SQL by period and band between two Rome dates (`to` exclusive). Hours
     * stay instants (the 25-hour day keeps both 02:00); longer periods are Rome calendar periods.
     * Cost: quantity × price per unit, the hour's PUN plus the spread for hourly offers.
     */
    async consumptionBy(query: {
      supplyId: number;
      from: string;
      to: string;
      granularity: Granularity;
      biHourly: boolean;
      price: { hourly: boolean; milliEuroPerUnit: number };
    }) {
      // Literals, not parameters: the same expression must appear in SELECT and GROUP BY. Both come
      // from the closed lists above (the schema allows only those granularities).
      const unit = sql.raw(`'${query.granularity}'`);
      const format = sql.raw(`'${PERIOD_FORMAT[query.granularity]}'`);
      const local = sql`(${consumptions.intervalStart} at time zone 'Europe/Rome')`;
      const truncated = query.granularity === 'hour' ? local : sql`date_trunc(${unit}, ${local})`;
      const bucket =
        query.granularity === 'hour'
          ? sql`${consumptions.intervalStart}`
          : sql`(${truncated} at time zone 'Europe/Rome')`;
      const period = sql<string>`to_char(${truncated}, ${format})`;
      const band = query.biHourly
        ? sql<string>`case when ${consumptions.band} = 'F1' then 'F1' else 'F23' end`
        : sql<string>`${consumptions.band}`;
      // milli€/kWh: the PUN is thousandths of a euro per MWh, i.e. millionths per kWh.
      const unitPrice = query.price.hourly
        ? sql`(coalesce(${quotations.priceMilliEuroPerMwh}, 0) / 1000.0 + ${query.price.milliEuroPerUnit})`
        : sql`${query.price.milliEuroPerUnit}`;
      const base = db
        .select({
          start: sql<string>`${bucket}`.mapWith((v: unknown) => new Date(v as string).toISOString()),
          period,
          band,
          milliUnits: sql<number>`sum(${consumptions.quantity})`.mapWith(Number),
          // Wh × milli€/kWh / 1000 = milli€; / 10 = cents.
          costCents: sql<number>`round(sum(${consumptions.quantity} * ${unitPrice}) / 10000)`.mapWith(Number),
        })
        .from(consumptions);
      const joined = query.price.hourly
        ? base.leftJoin(
            quotations,
            and(
              eq(quotations.quotationType, 'PUN'),
              eq(quotations.intervalStart, consumptions.intervalStart),
            ),
          )
        : base;
      return joined
        .where(
          and(
            eq(consumptions.supplyId, query.supplyId),
            gte(consumptions.intervalStart, romeMidnight(query.from)),
            lt(consumptions.intervalStart, romeMidnight(query.to)),
          ),
        )
        .groupBy(bucket, period, band)
        .orderBy(bucket, band);
    },

    /** PUN prices from..to (Rome dates, `to` exclusive), oldest first. */
    async punPrices(from: string, to: string) {
      return db
        .select({ start: quotations.intervalStart, price: quotations.priceMilliEuroPerMwh })
        .from(quotations)
        .where(
          and(
            eq(quotations.quotationType, 'PUN'),
            gte(quotations.intervalStart, romeMidnight(from)),
            lt(quotations.intervalStart, romeMidnight(to)),
          ),
        )
        .orderBy(asc(quotations.intervalStart));
    },

    /**
     * Claims the windows open on `today` that nobody was told about yet, once: the update marks
     * them, so two processes (or two ticks) never announce the same window twice.
     */
    async claimOpeningWindows(today: string, now: Date) {
      return db
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

    async supplyRef(supplyId: number) {
      const [row] = await db
        .select({
          key: supplies.key,
          customerId: supplies.customerId,
          nickname: supplies.nickname,
          address: supplies.address,
        })
        .from(supplies)
        .where(eq(supplies.id, supplyId))
        .limit(1);
      return row;
    },
  };
}

export type MeteringRepository = ReturnType<typeof createMeteringRepository>;
