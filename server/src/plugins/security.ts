// Security headers (strict CSP for the built web app, HSTS behind TLS, no caching of API answers)
// and CORS limited to the app origins.
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@sportello/contract';

/** Browser features the portal never uses, refused to any script or frame that would. */
const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';
const HSTS = 'max-age=31536000; includeSubDomains';

export default fp(async function security(
  app: FastifyInstance,
  opts: { corsOrigins: string[]; cspExtraSources: string[] },
) {
  // Third-party hosts (ad pixel, error reporting) are allowed only when a deployment configures them.
  const extra = opts.cspExtraSources;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...extra],
        connectSrc: ["'self'", ...extra],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // TLS is the proxy's business; forcing https here would break a plain-http LAN or dev setup.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below only on https: a plain-http LAN or dev setup must not be told to insist on TLS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // request.protocol believes X-Forwarded-Proto only from the proxies TRUST_PROXY names.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // API answers carry a customer's data or a session id: never kept by a browser or shared cache.
    if (request.url.startsWith(API_PREFIX)) reply.header('cache-control', 'no-store');
  });
  await app.register(cors, {
    origin: opts.corsOrigins,
    allowedHeaders: ['content-type', 'sessionid'],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
  });
});
