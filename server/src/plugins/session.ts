// Resolves the `sessionId` header into `request.session` before any handler runs. Routes decide
// what they need through their call's access rule (http/route.ts).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  hashSessionId,
  type LoadedSession,
  type SessionStore,
  type SessionWithUserRow,
} from '../platform/sessions/session-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: LoadedSession | null;
    /** The hash of a well-formed `sessionId` header, or null. */
    sessionIdHash: string | null;
    /**
     * For a route whose statement reads the session itself (`sessionInStatement`): decides on the
     * session that statement read, or reads it alone when it had no row; sets `request.session`.
     */
    settleSession(read: SessionWithUserRow | undefined): Promise<LoadedSession | null>;
  }
  interface FastifyContextConfig {
    /** The route's own statement reads the session (modules/sessions/asking-session.ts): skip the read here. */
    sessionInStatement?: boolean;
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
  app.decorateRequest('settleSession', async function (this: FastifyRequest, read) {
    const now = new Date();
    const idHash = this.sessionIdHash;
    if (!idHash) this.session = null;
    // The statement was given this request's hash; a row of any other session is never taken.
    else if (read) this.session = read.session.idHash === idHash ? await opts.store.accept(read, now) : null;
    else this.session = await opts.store.loadByHash(idHash, now);
    return this.session;
  });

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
    if (request.sessionIdHash && !request.routeOptions.config.sessionInStatement)
      request.session = await opts.store.loadByHash(request.sessionIdHash, new Date());
  });
});
