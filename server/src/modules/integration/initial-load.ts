// The initial load (ADR 046): NDJSON files of the batch calls' records (customers with
// contracts and supplies, bills with sections) streamed a batch of lines at a time, each line parsed by
// the contract's schema and the API's rules. A batch is one transaction: the records no key of which is
// held yet are written with COPY; any other (a newer version, a replay, a refusal to
// explain, a key seen earlier in the batch) goes through the API's own one-record load in a savepoint,
// so versions and refusals are the API's. A batch commits whole, so a run killed and started again with
// the same files answers `unchanged` for what was committed and ends with the rows of one run.
import { stat } from 'node:fs/promises';
import type { integration } from '@sportello/contract';
import { anyOf, idArray } from '@sportello/db/arrays';
import type { Db } from '@sportello/db/client';
import { contracts } from '@sportello/db/schema';
import type { ContractsService } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { DocumentsService } from '../documents/service.js';
import type { InvoicesService } from '../invoices/service.js';
import type { SuppliesService } from '../supplies/service.js';
import { startWorker } from '../../platform/worker.js';
import { countOutcomes, loadOne } from './batch.js';
import { CsvError } from './csv.js';
import { billDocumentSpec, billSpec, type createBillImport } from './import-bills.js';
import {
  contractSpec,
  customerSpec,
  heldConflicts,
  offerKeysOf,
  pointCodesOf,
  supplySpec,
  type createCustomerImport,
} from './import-customers.js';
import type { AnyKind, RecordKinds } from './kinds.js';
import { LOAD_TABLES, refreshStatistics, restoreIndexes } from './load-indexes.js';
import { parseBatch, parsedBatches, type LoadKind, type Parsed } from './load-parse.js';
import type { IntegrationRepository, RecordKey } from './repository.js';
import type { createVersionedLoader } from './versioned.js';

type BatchResult = integration.BatchResult;
type LineResult = BatchResult['results'][number];
/** Lines a batch holds unless told otherwise: large enough for few statements, small for memory. */
export const DEFAULT_BATCH_LINES = 5_000;
/**
 * A file from this size on is parsed in a thread of its own, beside the writes. The thread takes about
 * a second to start (TypeScript and the contract's schemas loaded again in it), longer than parsing a
 * smaller file takes, so a smaller one is parsed here.
 */
export const THREAD_FROM_BYTES = 4 * 1024 * 1024;
/** Lines after which the loaded tables' statistics are first refreshed, and again at every doubling. */
const FIRST_ANALYZE_LINES = 10_000;

/**
 * Sorts records into those written in bulk and those loaded one by one: a record goes in bulk when
 * `isNew` (no key of it held or taken) and none of its keys was claimed by an earlier line of the
 * batch, so a later line on the same keys meets the earlier one written, as in a line-by-line load.
 */
function split<T>(records: readonly T[], keysOf: (r: T) => string[], isNew: (r: T) => boolean) {
  const claimed = new Set<string>();
  const bulk: T[] = [];
  const single: T[] = [];
  for (const record of records) {
    const keys = keysOf(record);
    const free = new Set(keys).size === keys.length && keys.every((k) => !claimed.has(k));
    (free && isNew(record) ? bulk : single).push(record);
    for (const k of keys) claimed.add(k);
  }
  return { bulk, single };
}

type FromWorker =
  | { type: 'batch'; batch: Parsed<unknown>; lastLine: number }
  | { type: 'end' }
  | { type: 'error'; csv: boolean; message: string };

/**
 * A file's parsed batches from a worker thread (load-parse-worker.ts), which reads and parses a few
 * batches ahead while this thread writes: one more asked for as each is taken.
 */
async function* parsedInWorker(kind: LoadKind, path: string, batchLines: number) {
  const worker = startWorker(new URL('./load-parse-worker.ts', import.meta.url), { kind, path, batchLines });
  const arrived: FromWorker[] = [];
  let wake: (() => void) | undefined;
  const arrive = (message: FromWorker) => {
    arrived.push(message);
    wake?.();
  };
  worker.on('message', arrive);
  worker.on('error', (err) => arrive({ type: 'error', csv: false, message: err.stack ?? err.message }));
  // A thread that stops without its `end` (an exit with no error) must not leave the load waiting;
  // after `end` this message is never read.
  worker.on('exit', (code) =>
    arrive({ type: 'error', csv: false, message: `the parsing thread stopped (exit code ${code})` }),
  );
  try {
    for (;;) {
      while (arrived.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = arrived.shift()!;
      if (message.type === 'end') return;
      if (message.type === 'error')
        throw message.csv ? new CsvError(message.message) : new Error(message.message);
      worker.postMessage('more');
      yield message;
    }
  } finally {
    await worker.terminate();
  }
}

export function createInitialLoad(deps: {
  db: Db;
  repository: IntegrationRepository;
  customers: CustomersService;
  contracts: ContractsService;
  supplies: SuppliesService;
  invoices: InvoicesService;
  documents: DocumentsService;
  writeCustomer: ReturnType<typeof createCustomerImport>['writeCustomer'];
  writeBill: ReturnType<typeof createBillImport>['writeBill'];
  kinds: RecordKinds;
  writeVersioned: ReturnType<typeof createVersionedLoader>['writeVersioned'];
}) {
  const { db, repository } = deps;

  async function writeCustomers(
    brand: string,
    { parsed, refusals }: Parsed<integration.CustomerRecord>,
    now: Date,
  ) {
    const results: LineResult[] = [...refusals];
    const contractsOf = (r: (typeof parsed)[number]) => r.record.contracts;
    const suppliesOf = (r: (typeof parsed)[number]) => contractsOf(r).flatMap((c) => c.supplies);
    await db.transaction(async (tx) => {
      // No one-record load writes the brand's points between this batch's reading and writing them.
      await repository.gatePoints(tx, brand, 'alone');
      const keys = (kind: 'contract' | 'supply') =>
        parsed.flatMap((r) => (kind === 'contract' ? contractsOf(r) : suppliesOf(r)).map((x) => x.extKey));
      const held = await repository.recordsByKey(
        tx,
        brand,
        'customer',
        parsed.map((r) => r.extKey),
        true,
      );
      const heldContracts = await repository.recordsByKey(tx, brand, 'contract', keys('contract'), true);
      const heldSupplies = await repository.recordsByKey(tx, brand, 'supply', keys('supply'), true);
      const codes = await deps.customers.codesTaken(
        tx,
        brand,
        parsed.map((r) => r.record.customerCode),
      );
      const supplyKeysTaken = await deps.supplies.extKeysTaken(tx, keys('supply'));
      const offers = await deps.supplies.offersByExtKey(
        tx,
        brand,
        parsed.flatMap((r) => offerKeysOf(r.record)),
      );
      // One statement for the batch's points: a line whose point the brand holds goes one by one.
      const pointsHeld = new Set(
        (
          await deps.supplies.suppliesOnPoints(
            tx,
            brand,
            parsed.flatMap((r) => pointCodesOf(r.record)),
          )
        ).map((s) => s.pointCode),
      );
      const { bulk, single } = split(
        parsed,
        (r) => [
          `customer:${r.extKey}`,
          `code:${r.record.customerCode}`,
          ...contractsOf(r).map((c) => `contract:${c.extKey}`),
          ...suppliesOf(r).map((s) => `supply:${s.extKey}`),
          ...pointCodesOf(r.record).map((p) => `point:${p}`),
        ],
        (r) =>
          !held.has(r.extKey) &&
          !codes.has(r.record.customerCode) &&
          contractsOf(r).every((c) => !heldContracts.has(c.extKey)) &&
          suppliesOf(r).every((s) => !heldSupplies.has(s.extKey) && !supplyKeysTaken.has(s.extKey)) &&
          pointCodesOf(r.record).every((p) => !pointsHeld.has(p)) &&
          // An unknown offer, or one of another commodity, is refused by the one-record load, with its code.
          heldConflicts(r.record, null, offers, []) === null,
      );

      const customerIds = await deps.customers.insertManyFromErp(
        tx,
        bulk.map((r) => customerSpec(brand, r.extKey, r.record)),
      );
      const contractRows = bulk.flatMap((r, i) =>
        contractsOf(r).map((contract) => ({
          contract,
          customerId: customerIds[i]!,
          version: r.record.version,
        })),
      );
      const contractIds = await deps.contracts.insertManyFromErp(
        tx,
        contractRows.map((c) => contractSpec(brand, c.customerId, c.contract)),
      );
      const supplyRows = contractRows.flatMap((c, i) =>
        c.contract.supplies.map((supply) => ({
          supply,
          owners: { customerId: c.customerId, contractId: contractIds[i]! },
          version: c.version,
        })),
      );
      const supplyIds = await deps.supplies.insertManyFromErp(
        tx,
        supplyRows.map((s) => supplySpec(brand, s.owners, s.supply, offers)),
      );
      const record = (
        kind: RecordKey['kind'],
        extKey: string,
        entityId: number,
        version: number,
        contentHash: string | null = null,
      ) => ({ companyCode: brand, kind, extKey, entityId, version, contentHash });
      await repository.insertRecords(
        tx,
        [
          ...bulk.map((r, i) =>
            record('customer', r.extKey, customerIds[i]!, r.record.version, r.contentHash),
          ),
          // A contract's and a supply's content is compared through their customer's.
          ...contractRows.map((c, i) => record('contract', c.contract.extKey, contractIds[i]!, c.version)),
          ...supplyRows.map((s, i) => record('supply', s.supply.extKey, supplyIds[i]!, s.version)),
        ],
        now,
      );
      for (const r of bulk)
        results.push({ line: r.line, extKey: r.extKey, outcome: 'created', version: r.record.version });
      // In line order, each in a savepoint: a refusal rolls back its own record, not the batch.
      for (const r of single)
        results.push({
          line: r.line,
          ...(await loadOne(r.extKey, () =>
            tx.transaction((sp) => deps.writeCustomer(sp, brand, r.extKey, r.record, now, r.contentHash)),
          )),
        });
    });
    return results;
  }

  async function writeBills(brand: string, { parsed, refusals }: Parsed<integration.BillRecord>, now: Date) {
    const results: LineResult[] = [...refusals];
    await db.transaction(async (tx) => {
      const held = await repository.recordsByKey(
        tx,
        brand,
        'bill',
        parsed.map((r) => r.extKey),
        true,
      );
      const contractRecords = await repository.recordsByKey(
        tx,
        brand,
        'contract',
        parsed.map((r) => r.record.contractExtKey),
        false,
      );
      const contractIds = [...contractRecords.values()].map((c) => c.entityId);
      const owners = new Map(
        (contractIds.length === 0
          ? []
          : await tx
              .select({ id: contracts.id, customerId: contracts.customerId })
              .from(contracts)
              .where(anyOf(contracts.id, idArray(contractIds)))
        ).map((c) => [c.id, c]),
      );
      const contractOf = (r: (typeof parsed)[number]) => {
        const id = contractRecords.get(r.record.contractExtKey)?.entityId;
        return id === undefined ? undefined : owners.get(id);
      };
      const taken = await deps.invoices.extKeysTaken(
        tx,
        brand,
        parsed.map((r) => r.extKey),
      );
      // One statement for the batch's numbers: a line whose number the brand holds goes one by one.
      const numbers = await deps.invoices.numbersTaken(
        tx,
        brand,
        parsed.map((r) => r.record.number),
      );
      const { bulk, single } = split(
        parsed,
        (r) => [`bill:${r.extKey}`, `number:${r.record.number}`],
        (r) =>
          !held.has(r.extKey) &&
          !taken.has(r.extKey) &&
          !numbers.has(r.record.number) &&
          contractOf(r) !== undefined,
      );
      const specs = bulk.map((r) => billSpec(brand, r.extKey, r.record, contractOf(r)!));
      const documentIds = await deps.documents.createBillDocuments(tx, specs.map(billDocumentSpec));
      const ids = await deps.invoices.insertManyFromErp(
        tx,
        specs.map((spec, i) => ({ ...spec, documentId: documentIds[i]! })),
      );
      await repository.insertRecords(
        tx,
        bulk.map((r, i) => ({
          companyCode: brand,
          kind: 'bill' as const,
          extKey: r.extKey,
          entityId: ids[i]!,
          version: r.record.version,
          contentHash: r.contentHash,
        })),
        now,
      );
      for (const r of bulk)
        results.push({ line: r.line, extKey: r.extKey, outcome: 'created', version: r.record.version });
      // The history loaded tells nobody: a customer finds their bills when they register (ADR 046).
      for (const r of single)
        results.push({
          line: r.line,
          ...(await loadOne(r.extKey, async () => {
            const written = await tx.transaction((sp) =>
              deps.writeBill(sp, brand, r.extKey, r.record, now, false, r.contentHash),
            );
            return written.result;
          })),
        });
    });
    return results;
  }

  /**
   * A batch of a kind of ADR 040 (payments, readings, curves, prices, offers, …): one transaction, each
   * record in a savepoint through the API's own versioned write, in line order; the history tells
   * nobody (item 5 of ADR 046), so no notice is queued.
   */
  const writeRecords =
    (spec: AnyKind) =>
    async (brand: string, { parsed, refusals }: Parsed<{ version: number }>, now: Date) => {
      const results: LineResult[] = [...refusals];
      await db.transaction(async (tx) => {
        for (const r of parsed)
          results.push({
            line: r.line,
            ...(await loadOne(r.extKey, async () => {
              const written = await tx.transaction((sp) =>
                deps.writeVersioned(sp, spec, {
                  brand,
                  extKey: r.extKey,
                  record: r.record,
                  now,
                  tell: false,
                  contentHash: r.contentHash,
                }),
              );
              return written.result;
            })),
          });
      });
      return results;
    };

  // Each kind's write of a parsed batch. (A method's parameter is bivariant: each kind's write takes
  // the records its own parser gives, load-parse.ts.)
  interface Write {
    write(brand: string, parsed: Parsed<unknown>, now: Date): Promise<LineResult[]>;
  }
  const writes = {
    customers: { write: writeCustomers },
    bills: { write: writeBills },
    ...Object.fromEntries(
      Object.entries(deps.kinds).map(([name, spec]) => [name, { write: writeRecords(spec as AnyKind) }]),
    ),
  } as Record<LoadKind, Write>;

  /**
   * Loads a file a batch at a time, never all of it in memory; `onBatch` hears each committed batch's
   * results (in line order) and the number of its last line. Answers the counts of every outcome.
   * One batch is written at a time, in file order (a batch sees every earlier one committed), while
   * the next is read and parsed.
   */
  async function loadFile(
    kind: LoadKind,
    brand: string,
    path: string,
    options: {
      now: Date;
      batchLines?: number;
      /** Files from this size on are parsed in a thread (THREAD_FROM_BYTES). */
      threadFromBytes?: number;
      onBatch?: (results: LineResult[], lastLine: number) => void;
    },
  ): Promise<BatchResult['counts']> {
    const bulk = kind === 'customers' || kind === 'bills' ? kind : null;
    const tables = bulk && LOAD_TABLES[bulk];
    if (/\.csv$/i.test(path) && !bulk)
      throw new CsvError(`${kind} load from NDJSON: a CSV file holds customers or bills`);
    const counts = countOutcomes([]);
    const statistics = statisticsClock(db);
    // The rows go in with every index kept: other brands query these tables meanwhile (ADR 057).
    await restoreIndexes(db);
    const batchLines = options.batchLines ?? DEFAULT_BATCH_LINES;
    const { size } = await stat(path);
    const batches =
      size >= (options.threadFromBytes ?? THREAD_FROM_BYTES)
        ? parsedInWorker(kind, path, batchLines)
        : parsedBatches(kind, path, batchLines);
    for await (const { batch, lastLine } of batches) {
      const results = await writes[kind].write(brand, batch, options.now);
      results.sort((a, b) => a.line - b.line);
      // Only the counts are kept across batches, whatever the file's size.
      for (const r of results) counts[r.outcome] += 1;
      options.onBatch?.(results, lastLine);
      if (tables) await statistics.count(results.length, tables);
    }
    return counts;
  }

  /**
   * Records that come from inside the process rather than from a file: the demo seed's generated
   * customers and their bills (one way data enters). Each batch is NDJSON lines, parsed by the
   * kind's schema and written as a file's batch is, one transaction, new records in bulk, statistics
   * refreshed as the tables grow. A refused line throws, naming it: the seed writes nothing the API would
   * refuse. Answers the portal ids of the batch's records by kind and ERP key, so the caller can link
   * the rows it adds around them (users, readings) to what was loaded.
   */
  function intake(brand: string, now: Date) {
    const statistics = statisticsClock(db);
    return async function load(kind: 'customers' | 'bills', lines: readonly string[]) {
      const batch = parseBatch(
        kind,
        lines.map((text, i) => ({ line: i + 1, text })),
      );
      const results = await writes[kind].write(brand, batch, now);
      const refused = results.find((r) => r.outcome === 'refused');
      if (refused?.outcome === 'refused')
        throw new Error(
          `${kind} line ${refused.line} (${refused.extKey ?? 'no key'}) refused: ${refused.code} ${refused.message}` +
            (refused.errors ?? []).map((e) => ` ${e.field ?? ''}: ${e.message}`).join(';'),
        );
      await statistics.count(results.length, LOAD_TABLES[kind]);
      const keysOf: [IntakeKind, string[]][] =
        kind === 'customers'
          ? [
              ['customer', batch.parsed.map((r) => r.extKey)],
              ['contract', batch.parsed.flatMap((r) => customerOf(r).contracts.map((c) => c.extKey))],
              [
                'supply',
                batch.parsed.flatMap((r) =>
                  customerOf(r).contracts.flatMap((c) => c.supplies.map((s) => s.extKey)),
                ),
              ],
            ]
          : [['bill', batch.parsed.map((r) => r.extKey)]];
      const ids = new Map<IntakeKind, Map<string, number>>();
      for (const [recordKind, keys] of keysOf) {
        const held = await repository.recordsByKey(db, brand, recordKind, keys, false);
        ids.set(recordKind, new Map([...held].map(([key, record]) => [key, record.entityId])));
      }
      return ids;
    };
  }

  return { loadFile, intake };
}

const customerOf = (r: { record: unknown }) => r.record as integration.CustomerRecord;
/** The records whose ids the intake answers. */
type IntakeKind = Extract<RecordKey['kind'], 'customer' | 'contract' | 'supply' | 'bill'>;

/**
 * When to refresh the loaded tables' statistics: after the first 10,000 lines and at every doubling
 * (ADR 046 item 7), so the planner keeps using the lookups' indexes as the tables grow from nothing.
 */
function statisticsClock(db: Db) {
  let written = 0;
  let analyzeAt = FIRST_ANALYZE_LINES;
  return {
    async count(lines: number, tables: readonly string[]) {
      written += lines;
      if (written < analyzeAt) return;
      analyzeAt *= 2;
      await refreshStatistics(db, tables);
    },
  };
}

export type InitialLoad = ReturnType<typeof createInitialLoad>;
