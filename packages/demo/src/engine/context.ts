// What every generator step needs: the run's seed and date, the brand, id and key counters,
// the row buffer and the town index.
import type { CompanyDef, OfferIds } from '../companies/companies.js';
import type { IdAllocator, RowBuffer } from './bulk.js';
import type { StreetRegistry, TownIndex } from '../addresses/addresses.js';
import { addDays } from './dates.js';

export interface SeedContext {
  seed: number;
  /** YYYY-MM-DD: the date the data is generated "as of"; never the clock. */
  today: string;
  /** First day of the two-year history (invoices, readings, consumption, PUN). */
  historyStart: string;
  company: CompanyDef;
  offerIds: OfferIds;
  ids: IdAllocator;
  counters: Counters;
  buffer: RowBuffer;
  towns: TownIndex;
  streets: StreetRegistry;
  passwordHash: string;
}

/** Running numbers by name: readable keys (CUS-sga-000001), contract and invoice numbers, point codes. */
export class Counters {
  private readonly values = new Map<string, number>();

  next(name: string): number {
    const value = (this.values.get(name) ?? 0) + 1;
    this.values.set(name, value);
    return value;
  }
}

/** 'CUS', 'sga', '' → CUS-sga-000001; scope 'G' numbers generated benchmark rows apart: CUS-sga-G0000001. */
export function nextKey(ctx: SeedContext, prefix: string, scope: '' | 'G' = ''): string {
  const n = ctx.counters.next(`${prefix}-${ctx.company.code}-${scope}`);
  return `${prefix}-${ctx.company.code}-${scope}${String(n).padStart(scope ? 7 : 6, '0')}`;
}

export function historyStartFor(today: string): string {
  return addDays(today, -730);
}
