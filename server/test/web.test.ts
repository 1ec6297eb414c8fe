// Serving the built web app: files with the right cache policy, precompressed variants, and the
// single-page fallback for client routes, while unknown API paths stay JSON 404s.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from './app.js';

function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sportello-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Sportello</title>');
  const script = 'console.log("sportello");'.repeat(50);
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  return dir;
}

describe('web app serving', () => {
  const ctx = useTestApp('pglite', { WEB_DIST_DIR: fakeWebBuild() });

  it('serves hashed assets as immutable, brotli-compressed when accepted', async () => {
    const res = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers client routes with index.html, never cached', async () => {
    for (const url of ['/', '/supplies/12', '/errore/pagina-non-trovata']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Sportello</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the security headers on a page and on an API answer, the CSP on the page only', async () => {
    const page = await ctx.app.inject({ url: '/supplies/12' });
    const api = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(api.headers['content-type']).toContain('application/json');
    expect(api.headers['content-security-policy']).toBeUndefined();
    for (const res of [page, api]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('answers HEAD for a client route as it answers GET, without a body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/supplies/12' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe('');
  });

  it('answers 404 for a missing file, so a stale tab sees its chunk fail to load', async () => {
    for (const url of ['/assets/x.js', '/assets/gone-abc123.css', '/assets/nested/x', '/favicon-old.png']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<title>Sportello</title>');
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await call(ctx.app, 'GET', 'portalapi/Erp/v1/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Pagina non trovata', errors: [] });
  });
});
