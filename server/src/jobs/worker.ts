// Runs due jobs: every server process polls the queue (no second process kind to deploy). A handler
// that throws is retried with backoff; the provider's answer is recorded when the job completes.
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue, JobRow } from './queue.js';
import type { Scheduler } from './scheduler.js';

export type JobHandler = (job: JobRow) => Promise<Record<string, unknown>>;

/** Thrown by a handler whose job cannot run now (what it needs is busy): due again later, no attempt spent. */
export class DeferJob extends Error {
  constructor(readonly delayMs: number) {
    super(`deferred by ${delayMs} ms`);
  }
}

export function createWorker(deps: {
  queue: JobQueue;
  handlers: Record<string, JobHandler>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  batchSize?: number;
  /** Jobs of one poll run side by side, at most this many (default one after another). */
  concurrency?: number;
  /** Recurring jobs: each poll first enqueues the occurrences due (scheduler.ts). */
  scheduler?: Pick<Scheduler, 'enqueueDue'>;
}) {
  const { queue, handlers, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function runJob(job: JobRow): Promise<void> {
    const handler = handlers[job.kind];
    let result: Record<string, unknown>;
    // A job running longer than its lease keeps it: no other process takes it meanwhile.
    const renewal = setInterval(() => {
      queue
        .renew(job, new Date())
        .catch((err: Error) => log?.warn({ jobId: job.id, err }, 'lease not renewed'));
    }, queue.leaseMs / 3).unref();
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      result = await handler(job);
    } catch (err) {
      if (err instanceof DeferJob) {
        await queue.defer(job, new Date(Date.now() + err.delayMs));
        return;
      }
      const givenUp = await queue.fail(job, (err as Error).message, new Date());
      if (givenUp)
        log?.error(
          { jobId: job.id, kind: job.kind, attempts: job.attempts, err },
          'job given up after its last attempt',
        );
      else
        log?.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err }, 'job failed, will retry');
      return;
    } finally {
      clearInterval(renewal);
    }
    await queue.complete(job, result, new Date());
  }

  /** One poll: claims due jobs and runs them; answers how many it took. */
  async function runOnce(now = new Date()): Promise<number> {
    await deps.scheduler?.enqueueDue(now);
    const claimed = await queue.claim(now, deps.batchSize ?? 20);
    const waiting = [...claimed];
    const lane = async () => {
      for (let job = waiting.shift(); job; job = waiting.shift()) await runJob(job);
    };
    await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? 1) }, lane));
    return claimed.length;
  }

  return {
    runOnce,

    start(pollMs: number) {
      stopped = false;
      const tick = () => {
        running = runOnce()
          .catch((err: Error) => {
            log?.error({ err }, 'job poll failed');
            return 0;
          })
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, pollMs).unref();
          });
      };
      timer = setTimeout(tick, pollMs).unref();
    },

    /** Stops polling and waits for the jobs in hand. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
