// A TypeScript module that platform/worker.test.ts runs in worker threads: its type annotations are
// what a thread without tsx could not load. Started alone, it answers its data doubled; in a pool, each task.
import { parentPort, workerData } from 'node:worker_threads';

const double = (n: number): number => n * 2;

const { data } = workerData as { data?: number };
if (data !== undefined) parentPort?.postMessage(double(data));

export default double;
