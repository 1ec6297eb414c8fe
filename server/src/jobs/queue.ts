// The jobs table as a queue (ARCHITECTURE §9): enqueue once per idempotency key, claim due jobs with
// FOR UPDATE SKIP LOCKED so processes never take the same one, and finish, retry with backoff or
// give up. A claim is a lease: a process that dies mid-job leaves it to expire, and another retries.
import { and, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { jobs } from '@sportello/db/schema';
import { payloadOnceDone } from './deliveries.js';

export type JobRow = typeof jobs.$inferSelect;

/** How long a claimed job is its process's; past it, another process may retry it. */
export const JOB_LEASE_MS = 60_000;

/** After the n-th failed attempt, wait 30 s · 2^(n-1), at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Which kinds a queue claims: only these, or all but these (a lane of their own, ADR 048). */
export type KindFilter = { only: readonly string[] } | { except: readonly string[] };

const kindsClaimed = (kinds?: KindFilter) =>
  !kinds
    ? undefined
    : 'only' in kinds
      ? inArray(jobs.kind, [...kinds.only])
      : notInArray(jobs.kind, [...kinds.except]);

export function createJobQueue(
  db: Db,
  options: { leaseMs: number; maxAttempts: number; kinds?: KindFilter },
) {
  return {
    leaseMs: options.leaseMs,

    /** Adds a job unless one with the same key exists; true when it was added. */
    async enqueue(
      kind: string,
      payload: Record<string, unknown>,
      idempotencyKey: string,
      runAt = new Date(),
    ) {
      const rows = await db
        .insert(jobs)
        .values({ kind, payload, idempotencyKey, runAt })
        .onConflictDoNothing({ target: jobs.idempotencyKey })
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Takes up to `limit` due jobs for this process: each gets a lease and one more attempt. */
    async claim(now: Date, limit: number): Promise<JobRow[]> {
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.status, 'pending'),
            lte(jobs.runAt, now),
            or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
            kindsClaimed(options.kinds),
          ),
        )
        .orderBy(jobs.runAt, jobs.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(jobs)
        .set({ lockedUntil: new Date(now.getTime() + options.leaseMs), attempts: sql`${jobs.attempts} + 1` })
        .where(sql`${jobs.id} in (${due})`)
        .returning();
    },

    /** Keeps a job its process still runs: the lease runs again from `now` (worker.ts renews it). */
    async renew(job: JobRow, now: Date) {
      await db
        .update(jobs)
        .set({ lockedUntil: new Date(now.getTime() + options.leaseMs) })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'pending')));
    },

    /** Deletes the kind's jobs done before `before` (a recurring job's old occurrences, scheduler.ts). */
    async deleteDone(kind: string, before: Date) {
      await db.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.status, 'done'), lt(jobs.doneAt, before)));
    },

    async complete(job: JobRow, result: Record<string, unknown>, now: Date) {
      await db
        .update(jobs)
        .set({
          status: 'done',
          payload: payloadOnceDone(job.kind, job.payload),
          result,
          doneAt: now,
          lockedUntil: null,
          lastError: null,
        })
        .where(eq(jobs.id, job.id));
    },

    /** Not run now (what it needs is busy): due again at `runAt`, the attempt not counted. */
    async defer(job: JobRow, runAt: Date) {
      await db
        .update(jobs)
        .set({ runAt, lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
        .where(eq(jobs.id, job.id));
    },

    /** A failed attempt: retried later with backoff, or given up after the last attempt (answers true). */
    async fail(job: JobRow, error: string, now: Date): Promise<boolean> {
      const last = job.attempts >= options.maxAttempts;
      await db
        .update(jobs)
        .set({
          status: last ? 'failed' : 'pending',
          // Given up, a delivery's text (its code, its link) is of no use to anyone any more.
          ...(last ? { payload: payloadOnceDone(job.kind, job.payload) } : {}),
          runAt: new Date(now.getTime() + backoffMs(job.attempts)),
          lockedUntil: null,
          lastError: error.slice(0, 1000),
        })
        .where(eq(jobs.id, job.id));
      return last;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

/** Due jobs not yet done, and when the oldest of them fell due: the queue's depth and age (metrics). */
export async function jobsBacklog(db: Db, now: Date): Promise<{ due: number; oldestRunAt: Date | null }> {
  const [row] = await db
    .select({ due: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${jobs.runAt})` })
    .from(jobs)
    .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)));
  return { due: row?.due ?? 0, oldestRunAt: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * The dead letters of a kind: its jobs given up after their last attempt, oldest first (ADR 040:
 * webhook deliveries that exhausted their retries).
 */
export async function failedJobs(db: Db, kind: string) {
  return db
    .select({
      id: jobs.id,
      payload: jobs.payload,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      createdAt: jobs.createdAt,
      failedAt: jobs.runAt,
    })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'failed')))
    .orderBy(jobs.id);
}

/** Gives failed jobs of a kind (these ids, or all) a fresh set of attempts from `now`; answers their ids. */
export async function retryFailed(db: Db, kind: string, ids: readonly number[] | 'all', now: Date) {
  const rows = await db
    .update(jobs)
    .set({ status: 'pending', attempts: 0, runAt: now, lockedUntil: null })
    .where(
      and(
        eq(jobs.kind, kind),
        eq(jobs.status, 'failed'),
        ids === 'all' ? undefined : inArray(jobs.id, [...ids]),
      ),
    )
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/**
 * A job written in the caller's transaction (an outbox: it exists exactly when the action does), due
 * at `runAt`. Answers its id, or null when one with the key was there already.
 */
export async function enqueueIn(
  tx: Db,
  kind: string,
  payload: Record<string, unknown>,
  idempotencyKey: string,
  runAt: Date,
): Promise<number | null> {
  const [row] = await tx
    .insert(jobs)
    .values({ kind, payload, idempotencyKey, runAt })
    .onConflictDoNothing({ target: jobs.idempotencyKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/** Marks a job done by the process that wrote it, unless a worker already holds or finished it. */
export async function completeUnclaimed(db: Db, id: number, result: Record<string, unknown>, now: Date) {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', result, doneAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'pending'), isNull(jobs.lockedUntil)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
