// SQL of consumption and prices: consumption summed by period and band from the hourly rows or the
// daily rollup, with Σ quantity × PUN beside it, priced in TypeScript by the domain's `energyCents`
// (the bill's own function) at the offer's price or the PUN plus the spread; PUN and PSV quotations.
import { and, asc, eq, gte, lt, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { energyCents, romeWallClock } from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import { consumptionDays, consumptions, quotations } from '@sportello/db/schema';

export type Granularity = 'hour' | 'day' | 'month' | 'year';

const PERIOD_FORMAT: Record<'month' | 'day', string> = {
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

/** One period's sums by band: quantity (Wh) and Σ quantity × PUN (0 where the offer is not hourly). */
interface UsagePoint {
  start: string;
  period: string;
  milliUnits: Record<string, number>;
  milliUnitsTimesIndex: Record<string, number>;
}
/**
 * The points are built as JSON by the database, oldest first: one value to read instead of a row
 * per hour and band for the driver and Drizzle to map one field at a time (745 rows for a month).
 */
const pointsOf = (point: SQL, order: SQLWrapper) =>
  sql<UsagePoint[]>`coalesce(json_agg(${point} order by ${order}), '[]')`;

/** One row per hour (the primary key), with the hour's PUN for hourly offers. */
const consumptionByHour = (db: Db) => {
  const band = bandOf(consumptions.band);
  const indexed = sql`${consumptions.quantity}::bigint * coalesce(${quotations.priceMilliEuroPerMwh}, 0)`;
  const point = sql`json_build_object(
    'start', ${isoInstant(consumptions.intervalStart)},
    'period', to_char(${consumptions.intervalStart} at time zone 'Europe/Rome', 'YYYY-MM-DD"T"HH24'),
    'milliUnits', json_build_object(${band}, ${consumptions.quantity}),
    'milliUnitsTimesIndex', json_build_object(${band}, ${indexed}))`;
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
 * Days or months summed from the daily rollup, which keeps Σ quantity × PUN, so a period is priced as
 * its hours are: Σ quantity × (PUN + spread) = Σ quantity × PUN + spread × Σ quantity.
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
  const periods = db
    .select({
      local: bands.local,
      milliUnits: sql`json_object_agg(${bands.band}, ${bands.quantity} order by ${bands.band})`.as(
        'milli_units',
      ),
      milliUnitsTimesIndex:
        sql`json_object_agg(${bands.band}, ${bands.quantityPun} order by ${bands.band})`.as(
          'milli_units_times_index',
        ),
    })
    .from(bands)
    .groupBy(bands.local)
    .as('periods');
  const point = sql`json_build_object(
    'start', ${isoInstant(sql`(${periods.local} at time zone 'Europe/Rome')`)},
    'period', to_char(${periods.local}, ${p('format')}),
    'milliUnits', ${periods.milliUnits},
    'milliUnitsTimesIndex', ${periods.milliUnitsTimesIndex})`;
  return db.select({ points: pointsOf(point, periods.local) }).from(periods);
};

type ChartPoint = Omit<UsagePoint, 'milliUnitsTimesIndex'> & { costCents: Record<string, number> };

/** Months added up into their years, band by band. */
function byYear(months: readonly ChartPoint[]): ChartPoint[] {
  const years = new Map<string, ChartPoint>();
  for (const month of months) {
    const period = month.period.slice(0, 4);
    const year = years.get(period) ?? {
      start: romeWallClock(`${period}-01-01`).toISOString(),
      period,
      milliUnits: {},
      costCents: {},
    };
    for (const [band, units] of Object.entries(month.milliUnits)) {
      year.milliUnits[band] = (year.milliUnits[band] ?? 0) + units;
      year.costCents[band] = (year.costCents[band] ?? 0) + (month.costCents[band] ?? 0);
    }
    years.set(period, year);
  }
  return [...years.values()];
}

export function createConsumptionRepository(db: Db) {
  const byHour = consumptionByHour(db).prepare('consumption_by_hour');
  const byPeriod = consumptionByPeriod(db).prepare('consumption_by_period');

  return {
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
      const params = { supplyId: query.supplyId, from: query.from, to: query.to, biHourly: query.biHourly };
      // A year is the sum of its months, each priced and rounded as a bill prices it.
      const unit = query.granularity === 'year' ? 'month' : query.granularity;
      const [row] =
        unit === 'hour'
          ? await byHour.execute({ ...params, hourly: query.price.hourly })
          : await byPeriod.execute({ ...params, unit, format: PERIOD_FORMAT[unit] });
      const points = (row?.points ?? []).map((point) => ({
        start: point.start,
        period: point.period,
        milliUnits: point.milliUnits,
        costCents: Object.fromEntries(
          Object.entries(point.milliUnits).map(([band, milliUnits]) => [
            band,
            energyCents(
              {
                milliUnits,
                milliUnitsTimesIndex: query.price.hourly ? (point.milliUnitsTimesIndex[band] ?? 0) : 0,
              },
              query.price.milliEuroPerUnit,
            ),
          ]),
        ),
      }));
      return query.granularity === 'year' ? byYear(points) : points;
    },

    /** The monthly PSV from..to (Rome dates, `to` exclusive) by month ('YYYY-MM'), thousandths of a euro per MWh. */
    async psvByMonth(from: string, to: string): Promise<Map<string, number>> {
      const rows = await db
        .select({
          month: sql<string>`to_char(${quotations.intervalStart} at time zone 'Europe/Rome', 'YYYY-MM')`,
          price: quotations.priceMilliEuroPerMwh,
        })
        .from(quotations)
        .where(
          and(
            eq(quotations.quotationType, 'PSV'),
            gte(quotations.intervalStart, romeMidnight(from)),
            lt(quotations.intervalStart, romeMidnight(to)),
          ),
        );
      return new Map(rows.map((row) => [row.month, row.price]));
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
  };
}

export type ConsumptionRepository = ReturnType<typeof createConsumptionRepository>;
