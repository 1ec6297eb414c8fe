// Security headers (strict CSP for the built web app, HSTS behind TLS, no caching of API answers)
// and CORS limited to the app origins. The headers are one set built at start, not per request: they
// never change while the process runs (ADR 071: building them per request was a tenth of /healthz).
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@sportello/contract';

const HSTS = 'max-age=31536000; includeSubDomains';

/** What every answer carries, API or page. */
const EVERY_ANSWER: Record<string, string> = {
  // Browser features the portal never uses, refused to any script or frame that would.
  'permissions-policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  // The portal opens no pop-up it talks to, and its files are for itself.
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-frame-options': 'SAMEORIGIN',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  // The old XSS auditor did more harm than good; CSP does its work.
  'x-xss-protection': '0',
};

/**
 * The page's Content-Security-Policy: only what the built web app loads. Third-party hosts (ad pixel,
 * error reporting) are allowed only when a deployment configures them. No upgrade-insecure-requests:
 * TLS is the proxy's business, and forcing https would break a plain-http LAN or dev setup.
 */
export function contentSecurityPolicy(extraSources: readonly string[]) {
  const extra = extraSources.map((source) => ` ${source}`).join('');
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `img-src 'self' data:${extra}`,
    "object-src 'none'",
    `script-src 'self'${extra}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self'${extra}`,
  ].join(';');
}

export default fp(async function security(
  app: FastifyInstance,
  opts: { corsOrigins: string[]; cspExtraSources: string[] },
) {
  const csp = contentSecurityPolicy(opts.cspExtraSources);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(EVERY_ANSWER);
    // request.protocol believes X-Forwarded-Proto only from the proxies TRUST_PROXY names; a plain-http
    // LAN or dev setup must not be told to insist on TLS.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // API answers carry a customer's data or a session id: never kept by a browser or shared cache.
    if (request.url.startsWith(API_PREFIX)) reply.header('cache-control', 'no-store');
  });
  // The CSP governs what a page may load: only an HTML answer has any use for it (JSON runs nothing).
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html'))
      reply.header('content-security-policy', csp);
    return payload;
  });
  await app.register(cors, {
    origin: opts.corsOrigins,
    allowedHeaders: ['content-type', 'sessionid'],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
  });
});
