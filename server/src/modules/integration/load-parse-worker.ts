// The initial load's parsing thread (ADR 046, load-parse.ts): parses the file's batches a few ahead of
// the loader, which asks for one more (`more`) as it takes each; answers `end`, or `error` with the
// message (`csv` for a CSV file's fault, which the CLI prints as such).
import { parentPort, workerData } from 'node:worker_threads';
import { CsvError } from './csv.js';
import { parsedBatches, type LoadKind } from './load-parse.js';

/** Batches parsed ahead of the one being written: enough to keep the loader fed, few for memory. */
const AHEAD = 2;

const { kind, path, batchLines } = (
  workerData as { data: { kind: LoadKind; path: string; batchLines: number } }
).data;
const port = parentPort!;
let credit = AHEAD;
let wake: (() => void) | undefined;
port.on('message', () => {
  credit += 1;
  wake?.();
});
try {
  for await (const batch of parsedBatches(kind, path, batchLines)) {
    while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
    credit -= 1;
    port.postMessage({ type: 'batch', ...batch });
  }
  port.postMessage({ type: 'end' });
} catch (err) {
  const csv = err instanceof CsvError;
  port.postMessage({
    type: 'error',
    csv,
    message: csv ? err.message : ((err as Error).stack ?? String(err)),
  });
}
port.removeAllListeners('message');
