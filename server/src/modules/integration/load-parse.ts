// The initial load's reading and parsing (ADR 046): a file's lines (NDJSON, or CSV records as the
// NDJSON lines they stand for) in batches, each line split as the batch calls split it and parsed by
// its kind's schema, or refused with its per-line result. It runs in a worker thread of its own
// (load-parse-worker.ts), so that parsing takes a core while the loader's thread writes.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { integration } from '@sportello/contract';
import { splitLine } from './batch.js';
import { csvRecordLines } from './csv.js';
import { parseBill } from './import-bills.js';
import { parseCustomer } from './import-customers.js';
import { RECORD_KIND_NAMES, RECORD_SCHEMAS, type RecordKindName } from './kinds.js';
import { contentHashOf, RecordRefusal, refused } from './records.js';
import { parseRecord } from './versioned.js';

type LineResult = integration.BatchResult['results'][number];

/** Customers and bills, loaded in bulk where new; every other kind the batch calls take (kinds.ts). */
export const LOAD_KINDS = ['customers', 'bills', ...RECORD_KIND_NAMES] as const;
export type LoadKind = (typeof LOAD_KINDS)[number];

/** A line of a file: its number (from 1) and its text. */
export interface FileLine {
  line: number;
  text: string;
}

/**
 * A batch's records that parsed, with their line, key and content's fingerprint (taken here, in the
 * parsing thread), and the results of those refused.
 */
export interface Parsed<R> {
  parsed: { line: number; extKey: string; record: R; contentHash: string }[];
  refusals: LineResult[];
}

/** An NDJSON file's lines that are records, numbered from 1 (blank lines are not records). */
async function* ndjsonLines(rows: AsyncIterable<string>): AsyncGenerator<FileLine> {
  let line = 0;
  for await (const text of rows) {
    line += 1;
    if (text.trim() !== '') yield { line, text };
  }
}

/** The lines that are records, each parsed (or refused with its result), in order. */
function parseLines<R>(lines: readonly FileLine[], parse: (record: unknown) => R): Parsed<R> {
  const parsed: Parsed<R>['parsed'] = [];
  const refusals: LineResult[] = [];
  for (const { line, text } of lines) {
    let extKey: string | null = null;
    try {
      const split = splitLine(text);
      extKey = split.extKey;
      const record = parse(split.record);
      parsed.push({ line, extKey, record, contentHash: contentHashOf(record) });
    } catch (err) {
      if (!(err instanceof RecordRefusal)) throw err;
      refusals.push({ line, ...refused(extKey, err) });
    }
  }
  return { parsed, refusals };
}

const parserOf = (kind: LoadKind): ((record: unknown) => unknown) =>
  kind === 'customers'
    ? parseCustomer
    : kind === 'bills'
      ? parseBill
      : (record) => parseRecord(RECORD_SCHEMAS[kind as RecordKindName], record);

/** A batch of lines of a kind, each split and parsed as a file's line is (the seed's intake uses it). */
export const parseBatch = (kind: LoadKind, lines: readonly FileLine[]): Parsed<unknown> =>
  parseLines(lines, parserOf(kind));

/**
 * A file's records in batches of `batchLines`, each parsed, with the number of its last line; never
 * the whole file in memory. A CSV file holds customers or bills (csv.ts); its header's faults throw.
 */
export async function* parsedBatches(
  kind: LoadKind,
  path: string,
  batchLines: number,
): AsyncGenerator<{ batch: Parsed<unknown>; lastLine: number }> {
  const parse = parserOf(kind);
  const file = createReadStream(path);
  const lines = /\.csv$/i.test(path)
    ? csvRecordLines(kind as 'customers' | 'bills', file)
    : ndjsonLines(createInterface({ input: file, crlfDelay: Infinity }));
  try {
    let pending: FileLine[] = [];
    const flush = () => {
      const done = { batch: parseLines(pending, parse), lastLine: pending.at(-1)!.line };
      pending = [];
      return done;
    };
    for await (const fileLine of lines) {
      pending.push(fileLine);
      if (pending.length >= batchLines) yield flush();
    }
    if (pending.length > 0) yield flush();
  } finally {
    file.destroy();
  }
}
