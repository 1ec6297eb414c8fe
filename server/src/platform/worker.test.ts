// The one way TypeScript runs in a worker thread: a thread of its own (the initial load's parsing) and
// a pool of them (the PDFs) load a .ts module alike, also under the test runner.
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startWorker, startWorkerPool } from './worker.js';

const MODULE = new URL('../../test/worker-thread-module.ts', import.meta.url);

describe('worker threads', () => {
  it('runs a TypeScript module in a thread of its own, with its data', async () => {
    const worker = startWorker(MODULE, 21);
    try {
      const [answer] = await once(worker, 'message');
      expect(answer).toBe(42);
    } finally {
      await worker.terminate();
    }
  });

  it("runs a TypeScript module's default export per task in a pool", async () => {
    const pool = startWorkerPool<number, number>(MODULE, { maxThreads: 1, idleTimeoutMs: 1_000 });
    try {
      expect(await Promise.all([pool.run(1), pool.run(2)])).toEqual([2, 4]);
    } finally {
      await pool.destroy();
    }
  });
});
