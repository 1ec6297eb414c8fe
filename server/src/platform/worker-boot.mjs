// A worker thread's entry for a TypeScript module (platform/worker.ts): tsx registered in this thread,
// as the process's own `tsx` does for the main one, then the module named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
