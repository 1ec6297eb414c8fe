// TypeScript in a worker thread, one way for the whole server (ADR 062): every thread starts at
// worker-boot.mjs, which registers tsx in the thread, as the process's own `tsx` does for the main one
// (ADR 001), then imports the module named in `workerData.module`. A thread cannot start at a .ts
// file itself: Node loads a thread's entry before any hook.
import { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';

const BOOT = new URL('./worker-boot.mjs', import.meta.url);

/** A thread running `module`, which reads `workerData.data` and answers on parentPort (the load's parsing). */
export const startWorker = (module: URL, data: unknown) =>
  new Worker(BOOT, { workerData: { module: module.href, data } });

/**
 * A pool of threads, each running `module`'s default export once per task (the PDFs). Threads start
 * on the first task and end after `idleTimeoutMs` without one, so an idle pool holds no process open.
 */
export const startWorkerPool = <Task, Result>(
  module: URL,
  options: { maxThreads: number; idleTimeoutMs: number },
) =>
  new Piscina<Task, Result>({
    filename: BOOT.href,
    workerData: { module: module.href },
    minThreads: 0,
    maxThreads: options.maxThreads,
    idleTimeout: options.idleTimeoutMs,
  });
