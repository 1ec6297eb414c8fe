// Recurring work (payment reminders, reading windows, the archive and session sweeps) as jobs of the
// queue, the one way background work runs (ADR 062). Time is cut into periods of each job's `everyMs`;
// every process, at each poll, enqueues the current period's occurrence under a key naming the period.
// The queue keeps one row per key, and its claim (FOR UPDATE SKIP LOCKED, a lease renewed while the
// job runs) hands that row to one process: however many processes poll, an occurrence runs once.
import type { JobQueue } from './queue.js';
import type { JobHandler } from './worker.js';

export interface RecurringJob {
  /** The job kind of its occurrences in the queue; unique among all job kinds. */
  kind: string;
  everyMs: number;
  /** One occurrence's work. It may run late or again after a failure, so it is idempotent. */
  run(now: Date): Promise<unknown>;
}

/** Done occurrences are kept this long, to tell when a job last ran, then deleted. */
export const OCCURRENCES_KEPT_MS = 7 * 24 * 3_600_000;

/** The start of the period `now` falls in: the occurrence due at `now`. */
export const occurrenceAt = (everyMs: number, now: Date) =>
  new Date(Math.floor(now.getTime() / everyMs) * everyMs);

export const occurrenceKey = (kind: string, at: Date) => `every:${kind}:${at.toISOString()}`;

export function createScheduler(queue: JobQueue, recurring: readonly RecurringJob[]) {
  /** The occurrence this process last enqueued per kind: one insert per period, not one per poll. */
  const enqueued = new Map<string, number>();

  const handlers: Record<string, JobHandler> = Object.fromEntries(
    recurring.map((job): [string, JobHandler] => [
      job.kind,
      async ({ payload }) => {
        await job.run(new Date());
        return { occurrence: payload.occurrence };
      },
    ]),
  );

  return {
    handlers,

    /** Enqueues each job's occurrence due at `now`, once per period and key whichever process asks. */
    async enqueueDue(now: Date) {
      for (const job of recurring) {
        const at = occurrenceAt(job.everyMs, now);
        if (enqueued.get(job.kind) === at.getTime()) continue;
        const added = await queue.enqueue(
          job.kind,
          { occurrence: at.toISOString() },
          occurrenceKey(job.kind, at),
          at,
        );
        // The process that added the period's row clears the kind's old ones.
        if (added) await queue.deleteDone(job.kind, new Date(now.getTime() - OCCURRENCES_KEPT_MS));
        enqueued.set(job.kind, at.getTime());
      }
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
