// The operator's metrics (ADR 034): served on a listener of their own, never on the public port;
// latency and status by route pattern (never a session id or any other URL part, ADR 023); logins by outcome.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from '../src/platform/metrics.js';
import { call, guestSession, useTestApp } from './app.js';
import { databaseKinds } from './databases.js';
import { PASSWORD } from './fixture.js';

const LOGIN = 'portalapi/Core/v1/user/login';

describe.each(databaseKinds)('metrics on %s', (kind) => {
  const ctx = useTestApp(kind, { LOGIN_MAX_FAILURES_PER_USERNAME_ADDRESS: '1' });
  let publicBase = '';
  let metricsBase = '';
  let closeMetrics = async () => undefined as void;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    publicBase = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const registry = ctx.app.promRegistry;
    const listener = await serveMetrics(
      { host: '127.0.0.1', port: 0 },
      async () => ({ contentType: registry.contentType, text: await registry.metrics() }),
      ctx.app.log,
    );
    metricsBase = `http://127.0.0.1:${listener.port}`;
    closeMetrics = listener.close;
  });
  afterAll(() => closeMetrics());

  const login = (sessionId: string, password: string, ip: string) =>
    call(ctx.app, 'POST', LOGIN, { sessionId, body: { username: 'mario', password }, ip });

  it('the public port does not serve them; the metrics port does, by route pattern', async () => {
    const guest = await guestSession(ctx.app);
    const read = await fetch(`${publicBase}/services/rest/portalapi/Core/v1/sessions/${guest}`, {
      headers: { sessionid: guest },
    });
    expect(read.status).toBe(200);
    expect((await login(await guestSession(ctx.app), 'Sbagliata1!', '127.0.9.1')).statusCode).toBe(422);
    expect((await login(await guestSession(ctx.app), 'Sbagliata1!', '127.0.9.1')).statusCode).toBe(429);
    expect((await login(await guestSession(ctx.app), PASSWORD, '127.0.9.2')).statusCode).toBe(200);

    for (const path of ['/metrics', '/services/rest/metrics']) {
      const shown = await fetch(`${publicBase}${path}`);
      expect(shown.status).not.toBe(200);
      expect(await shown.text()).not.toContain('http_request_duration_seconds');
    }

    const scraped = await fetch(`${metricsBase}/metrics`);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/services/rest/portalapi/Core/v1/sessions/:id",status_code="200"} 1',
    );
    // Only patterns: no session id, and no raw path of the unmatched addresses asked above.
    expect(text).not.toContain(guest);
    expect(text).not.toMatch(/route="[^"]*\/metrics"/);
    expect(text).toContain('sportello_logins_total{outcome="refused"} 1');
    expect(text).toContain('sportello_logins_total{outcome="throttled"} 1');
    expect(text).toContain('sportello_logins_total{outcome="success"} 1');
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^sportello_jobs_due 0$/m);
    if (kind === 'postgres') expect(text).toMatch(/^sportello_db_pool_connections\{state="waiting"\} 0$/m);

    expect((await fetch(`${metricsBase}/`)).status).toBe(404);
  });
});
