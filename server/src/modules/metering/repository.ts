// SQL of the metering module: a supply with its meter group and offer, reading windows, readings and
// their self-reading records, consumption summed by period and band, PUN quotations.
import { randomBytes } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  isNull,
  lt,
  lte,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { byIdOrKeyPlaceholder, idOrKeyParams } from '../../db/ids.js';
import {
  consumptionDays,
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

const PERIOD_FORMAT: Record<Exclude<Granularity, 'hour'>, string> = {
  year: 'YYYY',
  month: 'YYYY-MM',
  day: 'YYYY-MM-DD',
};

/** A Rome calendar date as the instant of its midnight. */
const romeMidnight = (date: string | Placeholder) =>
  sql`(${date}::date::timestamp at time zone 'Europe/Rome')`;

const p = (name: string) => sql.placeholder(name);
/** F2 and F3 read as F23 for meters with a bi-hourly register. */
const bandOf = (band: SQLWrapper) =>
  sql<string>`case when ${p('biHourly')} and ${band} <> 'F1' then 'F23' else ${band} end`;
/** An instant as the API writes it (what Date#toISOString gives). */
const isoInstant = (instant: SQLWrapper) =>
  sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One chart point: quantity and cost by band. */
interface ConsumptionPoint {
  start: string;
  period: string;
  milliUnits: Record<string, number>;
  costCents: Record<string, number>;
}
/**
 * The points are built as JSON by the database, oldest first: one value to read instead of a row
 * per hour and band for the driver and Drizzle to map one field at a time (745 rows for a month).
 */
const pointsOf = (point: SQL, order: SQLWrapper) =>
  sql<ConsumptionPoint[]>`coalesce(json_agg(${point} order by ${order}), '[]')`;

/**
 * One row per hour (the primary key), each priced at the hour's PUN plus the spread for hourly
 * offers, else at the offer's unit price: Wh × milli€/kWh / 1000 = milli€; / 10 = cents.
 */
const consumptionByHour = (db: Db) => {
  const band = bandOf(consumptions.band);
  // The PUN is thousandths of a euro per MWh, i.e. millionths per kWh.
  const cost = sql`round(${consumptions.quantity} * (coalesce(${quotations.priceMilliEuroPerMwh}, 0) / 1000.0 + ${p('spread')}) / 10000)`;
  const point = sql`json_build_object(
    'start', ${isoInstant(consumptions.intervalStart)},
    'period', to_char(${consumptions.intervalStart} at time zone 'Europe/Rome', 'YYYY-MM-DD"T"HH24'),
    'milliUnits', json_build_object(${band}, ${consumptions.quantity}),
    'costCents', json_build_object(${band}, ${cost}))`;
  return (
    db
      .select({ points: pointsOf(point, consumptions.intervalStart) })
      .from(consumptions)
      // The range again, so the prices are read by range rather than all of them scanned.
      .leftJoin(
        quotations,
        and(
          sql`${p('hourly')}`,
          eq(quotations.quotationType, 'PUN'),
          eq(quotations.intervalStart, consumptions.intervalStart),
          gte(quotations.intervalStart, romeMidnight(p('from'))),
          lt(quotations.intervalStart, romeMidnight(p('to'))),
        ),
      )
      .where(
        and(
          eq(consumptions.supplyId, p('supplyId')),
          gte(consumptions.intervalStart, romeMidnight(p('from'))),
          lt(consumptions.intervalStart, romeMidnight(p('to'))),
        ),
      )
  );
};

/**
 * Days, months or years summed from the daily rollup, with the same pricing as by hour: the rollup
 * keeps Σ quantity × PUN, so Σ quantity × (PUN / 1000 + spread) = Σ quantity × PUN / 1000 + spread × Σ quantity.
 * Summed by period and band first, so the time zone and the labels are computed per period, not per day.
 */
const consumptionByPeriod = (db: Db) => {
  const bands = db
    .select({
      local: sql<string>`date_trunc(${p('unit')}, ${consumptionDays.day}::timestamp)`.as('local'),
      band: bandOf(consumptionDays.band).as('band'),
      quantity: sql<string>`sum(${consumptionDays.quantity})`.as('quantity'),
      quantityPun: sql<string>`sum(${consumptionDays.quantityPun})`.as('quantity_pun'),
    })
    .from(consumptionDays)
    .where(
      and(
        eq(consumptionDays.supplyId, p('supplyId')),
        gte(consumptionDays.day, sql`${p('from')}::date`),
        lt(consumptionDays.day, sql`${p('to')}::date`),
      ),
    )
    // By position: both expressions hold parameters, and a repeated parameter is a parameter of its
    // own, so PostgreSQL could not match the expression in GROUP BY to the one in SELECT.
    .groupBy(sql`1`, sql`2`)
    .as('bands');
  const cost = sql`round((case when ${p('hourly')} then ${bands.quantityPun} / 1000.0 else 0 end + ${bands.quantity} * ${p('spread')}) / 10000)`;
  const periods = db
    .select({
      local: bands.local,
      milliUnits: sql`json_object_agg(${bands.band}, ${bands.quantity} order by ${bands.band})`.as(
        'milli_units',
      ),
      costCents: sql`json_object_agg(${bands.band}, ${cost} order by ${bands.band})`.as('cost_cents'),
    })
    .from(bands)
    .groupBy(bands.local)
    .as('periods');
  const point = sql`json_build_object(
    'start', ${isoInstant(sql`(${periods.local} at time zone 'Europe/Rome')`)},
    'period', to_char(${periods.local}, ${p('format')}),
    'milliUnits', ${periods.milliUnits},
    'costCents', ${periods.costCents})`;
  return db.select({ points: pointsOf(point, periods.local) }).from(periods);
};

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
  const supplyWithMeter = db
    .select({ supply: supplies, meter: meterGroups, offer: offers })
    .from(supplies)
    .leftJoin(meterGroups, eq(meterGroups.supplyId, supplies.id))
    .leftJoin(offers, eq(offers.id, supplies.offerId))
    .where(byIdOrKeyPlaceholder(supplies.id, supplies.key))
    .limit(1)
    .prepare('metering_supply');
  const readingsOf = (where: SQL | undefined) =>
    db
      .select(readingColumns)
      .from(readings)
      .leftJoin(readingSubmissions, eq(readingSubmissions.readingId, readings.id))
      .where(where);

  const byHour = consumptionByHour(db).prepare('consumption_by_hour');
  const byPeriod = consumptionByPeriod(db).prepare('consumption_by_period');

  return {
    /** The supply by id or key, with its meter group and offer (null when it has none): one prepared statement. */
    async findSupply(idOrKey: string) {
      const [row] = await supplyWithMeter.execute(idOrKeyParams(idOrKey));
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
     * are the hourly rows and stay instants (the 25-hour day keeps both 02:00); days, months and
     * years are Rome calendar periods summed from the daily rollup (ADR 019).
     */
    async consumptionBy(query: {
      supplyId: number;
      from: string;
      to: string;
      granularity: Granularity;
      biHourly: boolean;
      price: { hourly: boolean; milliEuroPerUnit: number };
    }) {
      const params = {
        supplyId: query.supplyId,
        from: query.from,
        to: query.to,
        biHourly: query.biHourly,
        hourly: query.price.hourly,
        spread: query.price.milliEuroPerUnit,
      };
      const [row] =
        query.granularity === 'hour'
          ? await byHour.execute(params)
          : await byPeriod.execute({
              ...params,
              unit: query.granularity,
              format: PERIOD_FORMAT[query.granularity],
            });
      return row?.points ?? [];
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
