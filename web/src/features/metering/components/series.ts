// The numbers a consumption chart, its table and its CSV share: one row per period, a value per
// band (kWh/Smc or euros) and, when comparing, the same period a year before.
import type { erpMetering } from '@sportello/contract';

export type Measure = 'quantity' | 'euro';

export interface SeriesRow {
  /** Stable key (the period's first instant). */
  key: string;
  label: string;
  values: Record<string, number>;
  total: number;
  /** Total of the same period one year before, when compared. */
  previous?: number | null;
}

const MONTHS = ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'];

/** 'YYYY-MM' → "gen 2026", 'YYYY-MM-DD' → "05/01/2026", 'YYYY-MM-DDTHH' → "05/01 13:00". */
export function periodLabel(period: string): string {
  const [date = '', hour] = period.split('T');
  const [y = '', m = '', d] = date.split('-');
  if (hour !== undefined) return `${d}/${m} ${hour}:00`;
  if (d !== undefined) return `${d}/${m}/${y}`;
  if (m) return `${MONTHS[Number(m) - 1] ?? m} ${y}`;
  return y;
}

/** Shifts a period one year back ('2026-03' → '2025-03'), to match the comparison's rows. */
export const yearBefore = (period: string) => `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;

export function toSeries(
  points: readonly erpMetering.ConsumptionPoint[],
  bands: readonly string[],
  measure: Measure,
  previous?: readonly erpMetering.ConsumptionPoint[],
): SeriesRow[] {
  const valueOf = (p: erpMetering.ConsumptionPoint, band: string) =>
    measure === 'euro' ? (p.costCents[band] ?? 0) / 100 : (p.milliUnits[band] ?? 0) / 1000;
  const totalOf = (p: erpMetering.ConsumptionPoint) => bands.reduce((sum, b) => sum + valueOf(p, b), 0);
  const before = new Map(previous?.map((p) => [p.period, totalOf(p)]));
  return points.map((p) => ({
    key: p.start,
    label: periodLabel(p.period),
    values: Object.fromEntries(bands.map((b) => [b, valueOf(p, b)])),
    total: totalOf(p),
    ...(previous ? { previous: before.get(yearBefore(p.period)) ?? null } : {}),
  }));
}

const csvNumber = (value: number, measure: Measure) =>
  value.toFixed(measure === 'euro' ? 2 : 3).replace('.', ',');

/** Italian spreadsheet CSV (semicolons, decimal comma) of exactly the rows shown. */
export function toCsv(rows: readonly SeriesRow[], bands: readonly string[], measure: Measure, unit: string) {
  const compare = rows.some((r) => r.previous !== undefined);
  const head = ['Periodo', ...bands.map((b) => `${b} (${unit})`), `Totale (${unit})`];
  if (compare) head.push(`Anno precedente (${unit})`);
  const lines = rows.map((r) => {
    const cells = [
      r.label,
      ...bands.map((b) => csvNumber(r.values[b] ?? 0, measure)),
      csvNumber(r.total, measure),
    ];
    if (compare) cells.push(r.previous == null ? '' : csvNumber(r.previous, measure));
    return cells.join(';');
  });
  return [head.join(';'), ...lines].join('\r\n') + '\r\n';
}
