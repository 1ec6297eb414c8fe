// Every PDF the portal draws is drawn on a worker thread (ADR 034). pdfkit works synchronously:
// a bill takes a few hundred milliseconds of CPU, and on the event loop it held every other request
// of the process for that long (the peak test's first runs: the bill PDF's first drawing dominated
// the p99 of every page). One thread per process: a PDF is pure CPU, and the event loop keeps the
// other core; threads end when idle and hold no process open.
import { startWorkerPool } from '../../platform/worker.js';
import type { PdfRenderers, PdfTask } from './render-worker.js';

const pool = startWorkerPool<PdfTask, Uint8Array>(new URL('./render-worker.ts', import.meta.url), {
  maxThreads: 1,
  idleTimeoutMs: 30_000,
});

/** Draws a PDF with one of the renderers of this folder, off the event loop. */
export async function drawPdf<K extends keyof PdfRenderers>(
  kind: K,
  ...args: Parameters<PdfRenderers[K]>
): Promise<Buffer> {
  // A Buffer crosses threads as a Uint8Array; this views the same bytes, no copy.
  const bytes = await pool.run({ kind, args } as PdfTask);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
