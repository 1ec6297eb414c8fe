// Resolves the `sessionId` header into `request.session` before any handler runs: the one place that
// reads who is asking (ADR 027). Routes decide what they need through their call's access rule and
// reach (http/route.ts).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { hashSessionId, type LoadedSession, type SessionStore } from '../platform/sessions/session-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: LoadedSession | null;
    /** The hash of a well-formed `sessionId` header, or null. */
    sessionIdHash: string | null;
  }
}

/** Session ids are 22 base64url characters; anything else is not worth a database read. */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Expired sessions are refused on read; the sweep only keeps the tables small. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

export default fp(async function session(
  app: FastifyInstance,
  opts: { store: SessionStore; sweep: (now: Date) => Promise<void> },
) {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionIdHash', null);

  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      opts.sweep(new Date()).catch((err: Error) => app.log.warn({ err }, 'session sweep failed'));
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));

  app.addHook('onRequest', async (request) => {
    const header = request.headers.sessionid;
    const id = Array.isArray(header) ? header[0] : header;
    request.sessionIdHash = id && SESSION_ID_PATTERN.test(id) ? hashSessionId(id) : null;
    if (request.sessionIdHash)
      request.session = await opts.store.loadByHash(request.sessionIdHash, new Date());
  });
});
