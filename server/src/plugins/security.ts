// Security headers (strict CSP for the built web app) and CORS limited to the app origins.
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

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
  });
  await app.register(cors, {
    origin: opts.corsOrigins,
    allowedHeaders: ['content-type', 'sessionid'],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
  });
});
