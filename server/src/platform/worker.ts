// A worker thread running a TypeScript module of the server (the initial load's parsing, ADR 046):
// the module reads `workerData.data`.
import { Worker } from 'node:worker_threads';

export const startWorker = (module: URL, data: unknown) =>
  new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: { module: module.href, data } });
