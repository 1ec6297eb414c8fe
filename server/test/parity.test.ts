// The same fixture must give the same answers on PGlite and on PostgreSQL (one schema, one migrations
// folder, one dialect). Runs when TEST_DATABASE_URL is set, as CI does.
import { describe, expect, it } from 'vitest';
import { call, loginAs, useTestApp, type TestContext } from './app.js';
import { databaseKinds } from './databases.js';

const READS: [string, string][] = [
  ['mario', 'portalapi/Erp/v1/customers'],
  ['luca', 'portalapi/Erp/v1/customers'],
  ['mario', 'portalapi/Core/v1/notifications'],
  ['mario', 'portalapi/Core/v1/modules'],
  ['luca', 'portalapi/Core/v1/users?contractKey=CTR-1'],
];

async function answers(ctx: TestContext) {
  const out: unknown[] = [];
  for (const [username, url] of READS) {
    const res = await call(ctx.app, 'GET', url, { sessionId: await loginAs(ctx.app, username) });
    // Creation instants differ between two databases filled at different moments.
    out.push(JSON.parse(res.body.replace(/"createdAt":"[^"]+"/g, '"createdAt":"…"')));
  }
  return out;
}

describe('PGlite and PostgreSQL parity', () => {
  const contexts = databaseKinds.map((kind) => useTestApp(kind));

  it(`gives identical answers on ${databaseKinds.join(' and ')}`, async () => {
    expect(databaseKinds).toEqual(process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);
    const [first, ...others] = await Promise.all(contexts.map(answers));
    expect(first).toHaveLength(READS.length);
    for (const other of others) expect(other).toEqual(first);
  });
});
