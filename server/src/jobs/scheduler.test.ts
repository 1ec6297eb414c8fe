// Recurring jobs in the queue: each occurrence runs once however many processes poll (two apps on one
// PostgreSQL database), and on PGlite they run as well; a job running past its lease keeps it.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '@sportello/db/client';
import { jobs } from '@sportello/db/schema';
import { buildApp } from '../app.js';
import { testConfig } from '../../test/app.js';
import {
  databaseKinds,
  newPostgresDatabase,
  openTestDatabase,
  type DatabaseKind,
} from '../../test/databases.js';
import { createJobQueue } from './queue.js';
import { createJobsRuntime } from './runtime.js';
import { createWorker } from './worker.js';
import { OCCURRENCES_KEPT_MS, occurrenceAt, occurrenceKey, type RecurringJob } from './scheduler.js';

/** The recurring jobs every app schedules: the modules' and the session sweep. */
const APP_RECURRING = [
  'invoices.payment-reminders',
  'metering.reading-windows',
  'archives.sweep',
  'sessions.sweep',
];

const EVERY_MS = 60_000;
const START = new Date('2026-11-29T10:00:00Z');

/** Two processes' worth of one database: on PostgreSQL two pools, on PGlite the one it allows. */
async function processesOn(kind: DatabaseKind): Promise<{ processes: Database[]; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openTestDatabase('pglite');
    return { processes: [database], drop: database.drop };
  }
  const created = await newPostgresDatabase(inject('postgresTemplate'));
  const processes = [
    await openPostgres(created.url, 4, () => undefined),
    await openPostgres(created.url, 4, () => undefined),
  ];
  return {
    processes,
    drop: async () => {
      await Promise.all(processes.map((p) => p.close()));
      await created.drop();
    },
  };
}

/** Polls until every kind has a done job, or fails after a while. */
async function doneKinds(database: Database, kinds: readonly string[]) {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const rows = await database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.kind, [...kinds]));
    if (kinds.every((kind) => rows.some((row) => row.kind === kind && row.status === 'done'))) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`recurring jobs not all done: ${kinds.join(', ')}`);
}

describe.each(databaseKinds)('recurring jobs on %s', (kind) => {
  let opened: Awaited<ReturnType<typeof processesOn>>;
  beforeAll(async () => {
    opened = await processesOn(kind);
  });
  afterAll(() => opened.drop());

  it('runs each occurrence once, whichever process polls, and the next one in its period', async () => {
    let runs = 0;
    const counted: RecurringJob = {
      kind: 'test.counted',
      everyMs: EVERY_MS,
      run: async () => {
        // Long enough that both processes' polls overlap it.
        await new Promise((resolve) => setTimeout(resolve, 50));
        runs += 1;
      },
    };
    const runtimes = opened.processes.map((p) =>
      createJobsRuntime(p.db, testConfig(), { recurring: [counted], forgetDevice: async () => undefined }),
    );
    const occurrences = [0, 1, 2].map((n) => new Date(START.getTime() + n * EVERY_MS));
    for (const occurrence of occurrences) {
      // Every process polls three times within the period, side by side.
      for (const offset of [0, 1_000, 30_000]) {
        const now = new Date(occurrence.getTime() + offset);
        await Promise.all(runtimes.map((r) => r.worker.runOnce(now)));
      }
    }
    const ofCounted = () => opened.processes[0]!.db.select().from(jobs).where(eq(jobs.kind, counted.kind));
    expect(runs).toBe(3);
    expect((await ofCounted()).map((r) => [r.idempotencyKey, r.status, r.attempts]).sort()).toEqual(
      occurrences.map((at) => [occurrenceKey(counted.kind, at), 'done', 1]),
    );

    // A week on, the process that enqueues the new occurrence deletes the old ones, done long ago.
    const weekOn = new Date(Date.now() + OCCURRENCES_KEPT_MS + EVERY_MS);
    await runtimes[0]!.worker.runOnce(weekOn);
    expect((await ofCounted()).map((r) => r.idempotencyKey)).toEqual([
      occurrenceKey(counted.kind, occurrenceAt(EVERY_MS, weekOn)),
    ]);
    expect(runs).toBe(4);
    await Promise.all(runtimes.map((r) => r.close()));
  });

  it('keeps a job running past its lease from another process', async () => {
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      return {};
    };
    const [first, second = first] = opened.processes.map((p) =>
      createWorker({
        queue: createJobQueue(p.db, { leaseMs: 1_500, maxAttempts: 3 }),
        handlers: { 'test.slow': slow },
      }),
    );
    await createJobQueue(opened.processes[0]!.db, { leaseMs: 1_500, maxAttempts: 3 }).enqueue(
      'test.slow',
      {},
      'test.slow:1',
    );
    const running = first!.runOnce();
    // Past the first lease: the running process has renewed it, so the other takes nothing.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await second!.runOnce()).toBe(0);
    await running;
    expect(runs).toBe(1);
  });

  it('schedules the modules’ and the session sweep’s jobs in every app, each occurrence run by one', async () => {
    const apps = await Promise.all(
      opened.processes.map((p) => buildApp(testConfig({ JOBS_POLL_MS: '20' }), p)),
    );
    try {
      await Promise.all(apps.map((app) => app.ready()));
      const rows = await doneKinds(opened.processes[0]!, APP_RECURRING);
      // Allow a period boundary between the apps' polls: at most two occurrences, each run once.
      for (const recurring of APP_RECURRING) {
        const ofKind = rows.filter((r) => r.kind === recurring);
        expect(ofKind.length).toBeGreaterThanOrEqual(1);
        expect(ofKind.length).toBeLessThanOrEqual(2);
        expect(new Set(ofKind.map((r) => r.idempotencyKey)).size).toBe(ofKind.length);
        for (const row of ofKind.filter((r) => r.status === 'done')) expect(row.attempts).toBe(1);
      }
      const failed = await opened.processes[0]!.db.select()
        .from(jobs)
        .where(and(inArray(jobs.kind, APP_RECURRING), eq(jobs.status, 'failed')));
      expect(failed).toEqual([]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
