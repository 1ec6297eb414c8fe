// Something to tell that must go exactly when a write commits (an outbox): queued as a job in the
// write's own transaction, so it exists exactly when the write does, and sent right after the commit.
// Should the send fail, or the process die between the commit and the send, the jobs worker of any
// process sends it once its grace is over. A notice is queued once per key, so a second claimant of
// the same write queues nothing. At least once: a process that dies between sending and marking the
// job done leaves it to be sent again.
import type { Db } from '@sportello/db/client';
import { completeUnclaimed, enqueueIn, type JobRow } from './queue.js';

/** How long the worker leaves a queued send to the process that queued it. */
export const QUEUED_SEND_GRACE_MS = 60_000;

export function createQueuedSend<Payload extends Record<string, unknown>>(deps: {
  db: Db;
  /** The job kind: its handler is `run`. */
  kind: string;
  send: (payload: Payload, now: Date) => Promise<unknown>;
}) {
  const { kind, send } = deps;

  const queue = (tx: Db, key: string, payload: Payload, now: Date) =>
    enqueueIn(tx, kind, payload, `${kind}:${key}`, new Date(now.getTime() + QUEUED_SEND_GRACE_MS));

  async function sendNow(jobId: number | null, payload: Payload, now: Date) {
    if (jobId === null) return;
    try {
      await send(payload, now);
    } catch {
      return; // still pending: the worker sends it after its grace
    }
    await completeUnclaimed(deps.db, jobId, { sent: true }, new Date());
  }

  return {
    /** In the write's transaction; `key` names what is told (once per key). Answers the job's id, or null. */
    queue,

    /** After the commit: sent now and marked done; a failure leaves it to the worker. */
    sendNow,

    /**
     * A sweep's claim: `claim` marks rows as told in one transaction with their queued sends (`sendOf`
     * answers a row's, or undefined for none; it reads in `tx`: PGlite has one connection), then they
     * are sent. Answers how many rows it claimed.
     */
    async claimAndSend<Row>(
      claim: (tx: Db) => Promise<Row[]>,
      sendOf: (row: Row, tx: Db) => Promise<{ key: string; payload: Payload } | undefined>,
      now: Date,
    ): Promise<number> {
      const { claimed, queued } = await deps.db.transaction(async (tx) => {
        const rows = await claim(tx);
        const jobs: { jobId: number | null; payload: Payload }[] = [];
        for (const row of rows) {
          const one = await sendOf(row, tx);
          if (one) jobs.push({ jobId: await queue(tx, one.key, one.payload, now), payload: one.payload });
        }
        return { claimed: rows.length, queued: jobs };
      });
      for (const { jobId, payload } of queued) await sendNow(jobId, payload, now);
      return claimed;
    },

    /** The worker's handler. */
    async run(job: JobRow) {
      await send(job.payload as Payload, new Date());
      return { sent: true };
    },
  };
}

export type QueuedSend<Payload extends Record<string, unknown>> = ReturnType<
  typeof createQueuedSend<Payload>
>;
