// A batch of NDJSON records (ADR 036): each line loaded on its own, so a bad line refuses itself and
// not the batch; one result a line, in order. Blank lines (a trailing newline) are not records.
import { integration } from '@sportello/contract';
import { refused, RecordRefusal } from './records.js';

type BatchResult = integration.BatchResult;
type ImportResult = integration.ImportResult;

const REPLACEMENT_CHARACTER = '\uFFFD';

export type LoadOne = (extKey: string, record: unknown) => Promise<ImportResult>;

/** One record's result, its refusal caught: a thrown refusal rolled its own transaction back. */
export async function loadOne(extKey: string, load: () => Promise<ImportResult>): Promise<ImportResult> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof RecordRefusal) return refused(extKey, err);
    throw err;
  }
}

/** An NDJSON line's ERP key and record, or the refusal of a line that is not one. */
export function splitLine(text: string): { extKey: string; record: unknown } {
  // The body and the files are decoded as UTF-8 with U+FFFD for what is not: such a line was written
  // in another encoding, and its names would be kept mangled.
  if (text.includes(REPLACEMENT_CHARACTER)) throw new RecordRefusal('invalid_utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RecordRefusal('invalid_line');
  }
  const { extKey: rawKey, ...record } = (typeof value === 'object' && value !== null ? value : {}) as {
    extKey?: unknown;
  };
  const key = integration.extKey.safeParse(rawKey);
  if (!key.success) throw new RecordRefusal('ext_key_missing');
  return { extKey: key.data, record };
}

/** Counts of each outcome in a list of results. */
export function countOutcomes(results: readonly ImportResult[]): BatchResult['counts'] {
  const counts = Object.fromEntries(integration.IMPORT_OUTCOMES.map((o) => [o, 0])) as BatchResult['counts'];
  for (const r of results) counts[r.outcome] += 1;
  return counts;
}

export async function loadBatch(lines: readonly string[], load: LoadOne): Promise<BatchResult> {
  const results: BatchResult['results'] = [];
  for (const [index, text] of lines.entries()) {
    if (text.trim() === '') continue;
    const line = index + 1;
    let split: { extKey: string; record: unknown };
    try {
      split = splitLine(text);
    } catch (err) {
      if (!(err instanceof RecordRefusal)) throw err;
      results.push({ line, ...refused(null, err) });
      continue;
    }
    results.push({ line, ...(await loadOne(split.extKey, () => load(split.extKey, split.record))) });
  }
  return { results, counts: countOutcomes(results) };
}
