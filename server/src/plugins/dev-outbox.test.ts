// The developer's outbox page: what mail, push and SMS would have sent, escaped; absent in production.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createOutbox } from '../integrations/outbox.js';
import { testConfig, useTestApp } from '../../test/app.js';
import { openTestDatabase } from '../../test/databases.js';

describe('dev outbox page', () => {
  const ctx = useTestApp('pglite');

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
