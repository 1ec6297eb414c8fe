// What every answer shares: health probes, OpenAPI, security headers, CORS, body limit, unknown
// routes and maintenance mode, all with the one error envelope.
import { describe, expect, it } from 'vitest';
import { allCalls } from '@sportello/contract';
import { call, useTestApp } from './app.js';

describe('platform', () => {
  const ctx = useTestApp('pglite', { BODY_LIMIT_BYTES: '2048' });

  it('answers the health and readiness probes', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ready',
      database: 'pglite',
    });
  });

  it('serves an OpenAPI document with every call of the contract', async () => {
    const res = await ctx.app.inject({ url: '/services/rest/openapi.json' });
    const doc = res.json();
    const operations = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((methods) => Object.values(methods))
      .map((op) => op.operationId);
    expect(operations.sort()).toEqual(allCalls.map((c) => c.name).sort());
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    // JSON runs nothing: the CSP is a page's (web.test.ts).
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // HSTS only over https (behind a TRUST_PROXY proxy): see hardening.test.ts.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows CORS only for the app origins', async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/services/rest/portalapi/Core/v1/sessions',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    expect((await preflight('capacitor://localhost')).headers['access-control-allow-origin']).toBe(
      'capacitor://localhost',
    );
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a body over the limit with 413 and an Italian message', async () => {
    const res = await call(ctx.app, 'POST', 'portalapi/Core/v1/sessions', {
      body: { company: 'sga', padding: 'x'.repeat(4000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'La richiesta è troppo grande.', errors: [] });
  });

  it('answers an unknown API path with 404 in the envelope', async () => {
    const res = await call(ctx.app, 'GET', 'portalapi/Core/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Pagina non trovata', errors: [] });
  });

  it('answers malformed JSON with 400, not a crash', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/services/rest/portalapi/Core/v1/sessions',
      headers: { 'content-type': 'application/json' },
      payload: '{"request":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('maintenance mode', () => {
  const ctx = useTestApp('pglite', { MAINTENANCE_MODE: 'true' });

  it('answers API calls with 503 while health stays up', async () => {
    const res = await call(ctx.app, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'sga' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Servizio in manutenzione, riprova più tardi.');
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
