// A batch of NDJSON records (ADR 036): each line loaded on its own, so a bad line refuses itself and
// not the batch; one result a line, in order. Blank lines (a trailing newline) are not records.
import { integration } from '@sportello/contract';
import { refused, RecordRefusal } from './records.js';

type BatchResult = integration.BatchResult;
type ImportResult = integration.ImportResult;

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

export async function loadBatch(lines: readonly string[], load: LoadOne): Promise<BatchResult> {
  const results: BatchResult['results'] = [];
  for (const [index, text] of lines.entries()) {
    if (text.trim() === '') continue;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      results.push({ line, ...refused(null, new RecordRefusal('invalid_line')) });
      continue;
    }
    const { extKey: rawKey, ...record } = (typeof value === 'object' && value !== null ? value : {}) as {
      extKey?: unknown;
    };
    const key = integration.extKey.safeParse(rawKey);
    if (!key.success) {
      results.push({ line, ...refused(null, new RecordRefusal('ext_key_missing')) });
      continue;
    }
    results.push({ line, ...(await loadOne(key.data, () => load(key.data, record))) });
  }
  const counts = Object.fromEntries(integration.IMPORT_OUTCOMES.map((o) => [o, 0])) as BatchResult['counts'];
  for (const r of results) counts[r.outcome] += 1;
  return { results, counts };
}
