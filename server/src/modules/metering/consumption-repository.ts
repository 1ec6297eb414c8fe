// SQL of consumption and prices: consumption summed by period and band from the hourly rows or the
// daily rollup, priced at the offer's price or the PUN plus the spread; PUN quotations.
import { and, asc, eq, gte, lt, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { consumptionDays, consumptions, quotations } from '@sportello/db/schema';

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
  };
}

export type ConsumptionRepository = ReturnType<typeof createConsumptionRepository>;
