// Session changes reach every process (packages/db/src/session-changes.ts): many published at once
// (a wave of logouts on a peak morning) all arrive at another process's listener, with no query
// queued on the listening connection behind another (pg deprecates that; pg 9 refuses it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionChange, SessionChanges } from '@sportello/db/session-changes';
import { databaseKinds, openTestDatabase } from './databases.js';

describe.each(databaseKinds)('session changes on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let sender: SessionChanges;
  let receiver: SessionChanges;
  const failures: Error[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    sender = await database.openSessionChanges((err) => failures.push(err));
    // On PGlite, one process: the sender itself is where the change must be heard.
    receiver = kind === 'postgres' ? await database.openSessionChanges((err) => failures.push(err)) : sender;
  });
  afterAll(async () => {
    await sender.close();
    if (receiver !== sender) await receiver.close();
    await database.drop();
  });

  it('fifty changes published at once all arrive, with no query queued on one connection', async () => {
    const heard: SessionChange[] = [];
    receiver.subscribe((change) => heard.push(change));
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      await Promise.all(Array.from({ length: 50 }, (_, i) => sender.publish({ userId: i + 1 })));
      await expect.poll(() => new Set(heard.map((c) => ('userId' in c ? c.userId : 0))).size).toBe(50);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.message)).toEqual([]);
    expect(failures).toEqual([]);
  });
});
