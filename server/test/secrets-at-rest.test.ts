// Secrets never rest in clear (ADR 049): a sent mail leaves no live code or link in the jobs table,
// and the signing key, staff TOTP secrets and webhook secrets are sealed with SECRETS_KEY — rows kept
// in clear before, or sealed with a key since rotated, are sealed again at the next start.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@sportello/db/client';
import { integrationSigningKeys, integrationWebhooks, jobs, staffFactors } from '@sportello/db/schema';
import { buildApp } from '../src/app.js';
import { createJobsRuntime } from '../src/jobs/runtime.js';
import { createClients } from '../src/modules/integration/clients.js';
import { createIntegrationRepository } from '../src/modules/integration/repository.js';
import { createWebhookSecrets } from '../src/modules/integration/webhook-secrets.js';
import { createWebhooks } from '../src/modules/integration/webhooks.js';
import { totpCode } from '../src/modules/staff/totp.js';
import { createTokenKeys } from '../src/platform/machine/tokens.js';
import { parseSecretsKeys, type SecretsKey } from '../src/platform/secrets/secret-box.js';
import { testConfig } from './app.js';
import { databaseKinds, openTestDatabase } from './databases.js';
import { insertFixture } from './fixture.js';
import { WFM, useRegistrationWorld } from './registration-world.js';
import { makeStaff, STAFF_PASSWORD, staffCall } from './staff.js';

const K1 = `k1:${Buffer.alloc(32, 11).toString('base64')}`;
const K2 = `k2:${Buffer.alloc(32, 22).toString('base64')}`;
const keys = (value: string) => parseSecretsKeys(value) as SecretsKey[];

describe.each(databaseKinds)('no live code in the jobs table on %s', (kind) => {
  const { ctx, post, mailsTo, tokenIn } = useRegistrationWorld(kind);

  it('holds no reset link once the reset mail is sent, only whom it went to and its subject', async () => {
    await post(`${WFM}/password-reset/start`, { username: 'anna' });
    const [mail] = (await mailsTo('cus-anna@example.it')).filter((m) => m.subject === 'Recupero password');
    const token = tokenIn(mail!.text);
    await createJobsRuntime(ctx.db, testConfig(), { forgetDevice: async () => undefined }).worker.runOnce();

    const rows = await ctx.db.select().from(jobs);
    expect(JSON.stringify(rows)).not.toContain(token);
    const sent = rows.find((r) => r.kind === 'mail' && r.payload.subject === 'Recupero password');
    expect(sent).toMatchObject({ status: 'done', payload: { to: 'cus-anna@example.it' } });
    expect(sent!.payload).not.toHaveProperty('text');
  });
});

describe.each(databaseKinds)('secrets sealed where they rest on %s', (kind) => {
  const ctx = {} as { db: Database['db']; database: Database; drop: () => Promise<void> };
  beforeAll(async () => {
    const { drop, ...database } = await openTestDatabase(kind);
    Object.assign(ctx, { db: database.db, database, drop });
    await insertFixture(database.db);
  });
  afterAll(() => ctx.drop());

  it('seals what was in clear and re-seals after a rotation; the secrets still work', async () => {
    // Before SECRETS_KEY: an account made by the CLI, one whose secret is in clear, a clear webhook secret.
    const sealedBefore = await makeStaff(ctx.db, 'operator', ['sga']);
    const inClear = await makeStaff(ctx.db, 'operator', ['sga']);
    await ctx.db
      .update(staffFactors)
      .set({ secret: inClear.secret })
      .where(eq(staffFactors.staffUserId, inClear.id));
    const client = await createClients({
      repository: createIntegrationRepository(ctx.db),
      keys: createTokenKeys(ctx.db, keys(K1)),
      brandExists: async () => true,
    }).create({ name: 'erp', scopes: ['events:read'], brands: ['sga'] });
    const hook = await createWebhooks(ctx.db, { allowLoopback: true, secretsKeys: keys(K1) }).add(
      client.id,
      'sga',
      'http://127.0.0.1:9/hooks',
    );
    await ctx.db
      .update(integrationWebhooks)
      .set({ secret: hook.secret })
      .where(eq(integrationWebhooks.id, hook.id));
    const caller = { clientId: client.id, scopes: ['events:read' as const], brands: ['sga'] };
    const token = await createTokenKeys(ctx.db, keys(K1)).sign(caller, 600, new Date());

    // The next start, with a new key in front of the old one.
    const rotated = await buildApp(testConfig({ SECRETS_KEY: `${K2},${K1}` }), ctx.database);
    try {
      await rotated.ready();
      const stored = [
        ...(await ctx.db.select({ secret: staffFactors.secret }).from(staffFactors)),
        ...(await ctx.db.select({ secret: integrationSigningKeys.secret }).from(integrationSigningKeys)),
        ...(await ctx.db.select({ secret: integrationWebhooks.secret }).from(integrationWebhooks)),
      ].map((r) => r.secret);
      expect(stored.length).toBeGreaterThanOrEqual(4);
      for (const secret of stored) expect(secret).toMatch(/^sealed:v1:k2:/);
      const everything = JSON.stringify(stored);
      for (const clear of [sealedBefore.secret, inClear.secret, hook.secret])
        expect(everything).not.toContain(clear);

      // Each still opens: both accounts log in with their codes, the token verifies, the hook signs.
      for (const [i, account] of [sealedBefore, inClear].entries()) {
        const login = await staffCall(rotated, 'POST', 'staff/v1/login', {
          body: {
            username: account.username,
            password: STAFF_PASSWORD,
            code: totpCode(account.secret, new Date()),
          },
          ip: `127.0.8.${i + 1}`,
        });
        expect(login.statusCode, login.body).toBe(200);
      }
      expect(await createTokenKeys(ctx.db, keys(`${K2},${K1}`)).verify(token, new Date())).toMatchObject({
        clientId: client.id,
      });
      const [row] = await ctx.db
        .select()
        .from(integrationWebhooks)
        .where(eq(integrationWebhooks.id, hook.id));
      expect(createWebhookSecrets(ctx.db, keys(K2)).open(row!.secret)).toBe(hook.secret);
      // A backup read with another key (or none) gives nothing.
      expect(() => createWebhookSecrets(ctx.db, keys(K1)).open(row!.secret)).toThrow(/k2/);
    } finally {
      await rotated.close();
    }
  });
});
