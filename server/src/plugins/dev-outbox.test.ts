// The developer's outbox page: what mail, push and SMS would have sent, escaped; absent in production.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createOutbox } from '../integrations/outbox.js';
import { testConfig, useTestApp } from '../../test/app.js';
import { openTestDatabase } from '../../test/databases.js';

describe('dev outbox page', () => {
  // TRUST_PROXY believes loopback proxies: a forged header must still not pass.
  const ctx = useTestApp('pglite', { TRUST_PROXY: 'loopback' });

  it('lists the latest outbox rows, HTML-escaped', async () => {
    await createOutbox(ctx.db).deliver(
      {
        channel: 'mail',
        recipient: 'mario@example.it',
        subject: 'Bolletta <script>',
        body: 'Apri http://localhost:8080/link/abc',
      },
      'page-1',
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('mario@example.it');
    expect(res.body).toContain('Bolletta &#60;script&#62;');
    expect(res.body).not.toContain('<script>');
  });

  it.each([
    ['another machine', { remoteAddress: '192.0.2.7' }],
    [
      'another machine forging X-Forwarded-For',
      { remoteAddress: '192.0.2.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
    ],
    ['a proxy on this machine relaying another machine', { headers: { 'x-forwarded-for': '192.0.2.7' } }],
  ])('answers 404 to %s', async (_who, request) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/outbox', ...request });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Outbox');
  });

  it('answers IPv6 loopback too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '::1' });
    expect(res.statusCode).toBe(200);
  });

  it('does not exist in production', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp(
      testConfig({
        NODE_ENV: 'production',
        SEED_DEMO_DATA: 'false',
        STRIPE_SECRET_KEY: 'sk_test_devoutbox',
        STRIPE_WEBHOOK_SECRET: 'whsec_devoutbox',
      }),
      database,
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
