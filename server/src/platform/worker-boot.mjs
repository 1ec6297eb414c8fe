// A worker thread's entry for a TypeScript module (platform/worker.ts): tsx registered in this thread,
// then the module named in workerData; a pool's thread runs the module's default export per task.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const loaded = await import(workerData.module);
export default loaded.default;
