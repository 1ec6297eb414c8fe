// The reach check (platform/reach, ADR 027) is the one thing that refuses another customer's
// identifiers: built without it, the app answers what the generated access suite expects refused.
// This proves the suite depends on that one check, and that no service still decides reach itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { allCalls } from '@sportello/contract';
import { buildApp } from '../src/app.js';
import { loginAs, testConfig } from './app.js';
import {
  USERNAMES,
  formsOf,
  identifierOf,
  identifiers,
  reachesOf,
  send,
  validInput,
  PARTS,
} from './access-world.js';
import type { Database } from '@sportello/db/client';
import { localSessionChanges } from '@sportello/db/session-changes';
import { useSupplyTestApp } from './supply-fixture.js';

/** Reads only: a refused write would still change the world the other calls are sent in. */
const reads = allCalls.filter((c) => c.method === 'GET' && c.access === 'user' && c.reaches !== 'nothing');

describe('the access suite without the reach check', () => {
  const ctx = useSupplyTestApp('pglite');
  let unchecked: FastifyInstance;

  beforeAll(async () => {
    // A second app on the same database, built without the check: same sessions, same world.
    const sameDatabase: Database = {
      db: ctx.db,
      kind: 'pglite',
      migrate: async () => undefined,
      ping: async () => undefined,
      close: async () => undefined,
      openSessionChanges: async () => localSessionChanges(),
    };
    unchecked = await buildApp(testConfig(), sameDatabase, undefined, { checkReach: false });
    await unchecked.ready();
  });
  afterAll(async () => {
    await unchecked?.close();
  });

  it('answers a stranger’s identifiers that the app with the check refuses', async () => {
    const sessions = { owner: await loginAs(ctx.app, USERNAMES.owner), delegate: '', other: '', guest: '' };
    const ids = identifiers(ctx, sessions);
    const answered: string[] = [];
    for (const c of reads) {
      for (const part of PARTS) {
        for (const [field, reach] of reachesOf(c, part)) {
          const [form] = formsOf(reach);
          const theirs = form && identifierOf(ids, form, 'other');
          if (theirs === undefined) continue;
          const input = validInput(c, 'owner', ids);
          input[part][field] = theirs;
          const checked = await send(ctx.app, c, input, sessions.owner);
          expect([403, 404], `${c.name} with the check`).toContain(checked.statusCode);
          if ((await send(unchecked, c, input, sessions.owner)).statusCode === 200) answered.push(c.name);
        }
      }
    }
    // Nearly every read then answers another customer's data: the suite's refusals came from the check.
    expect(answered.length, `answered without the check: ${answered.join(', ')}`).toBeGreaterThan(
      reads.length / 2,
    );
  });
});
