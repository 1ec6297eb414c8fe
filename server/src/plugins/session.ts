// Resolves the `sessionId` header into `request.session` before any handler runs: the one place that
// reads who is asking (ADR 027). A request with `Authorization: Bearer` is a personal token's instead
// (ADR 037), whatever else it carries: the token's user, reaching its own customer only, counted
// against the token's hourly limit. Routes decide what they need through their call's access rule and
// reach (http/route.ts).
import type { Throttle } from '../platform/auth/throttle.js';
import { NO_CUSTOMERS } from '../platform/reach/reached-customers.js';
import type {
  LoadedToken,
  PersonalTokenStore,
  TokenRefusal,
} from '../platform/tokens/personal-token-store.js';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@sportello/contract';
import { hashSessionId, type LoadedSession, type SessionStore } from '../platform/sessions/session-store.js';
import { INTEGRATION_PREFIX } from './machine.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: LoadedSession | null;
    /** The hash of a well-formed `sessionId` header, or null. */
    sessionIdHash: string | null;
    /** The request carries `Authorization` (a token's, live or not): only `token` calls may answer. */
    viaToken: boolean;
    /** The live personal token the request carries, or null. */
    personalToken: LoadedToken | null;
  }
}

const HOUR_MS = 3_600_000;

/** What a token may do, as the access and reach checks see it: its user, its own customer only. */
function tokenPrincipal(token: LoadedToken): LoadedSession {
  const own = token.user.customerId;
  return {
    idHash: `token:${token.id}`,
    company: token.user.companyCode as LoadedSession['company'],
    createdAt: token.expiresAt,
    expiresAt: token.expiresAt,
    user: token.user,
    linkId: null,
    reached: own === null ? NO_CUSTOMERS : { own, delegated: [] },
    // A token reads; it never steps up (no token call changes anything, ADR 038).
    steppedUpAt: null,
    view: null,
  };
}

const refusalOf = (token: LoadedToken, reason: TokenRefusal['reason']): TokenRefusal => ({
  userId: token.user.id,
  tokenKey: token.key,
  tokenName: token.name,
  reason,
});

/** Session ids are 22 base64url characters; anything else is not worth a database read. */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export default fp(async function session(
  app: FastifyInstance,
  opts: {
    store: SessionStore;
    tokens: PersonalTokenStore;
    throttle: Throttle;
    tokenRequestsPerHour: number;
    /** Tells the token's user of a refusal (the audit module's trail, wired in app.ts). */
    recordTokenRefusal: (refusal: TokenRefusal, now: Date) => Promise<void>;
  },
) {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionIdHash', null);
  app.decorateRequest('viaToken', false);
  app.decorateRequest('personalToken', null);

  // A live token refused by the access or reach check asked beyond its scope: in the user's trail.
  app.addHook('onResponse', async (request, reply) => {
    if (request.personalToken && (reply.statusCode === 401 || reply.statusCode === 403))
      await opts
        .recordTokenRefusal(refusalOf(request.personalToken, 'scope'), new Date())
        .catch((err: Error) => request.log.warn({ err }, 'token refusal not recorded'));
  });

  app.addHook('onRequest', async (request) => {
    // A session or a token is the API's business: /healthz, the web app's files and pages read none.
    if (!request.url.startsWith(API_PREFIX)) return;
    const authorization = request.headers.authorization;
    // On the integration API the header is a machine client's (plugins/machine.ts, ADR 036).
    if (authorization !== undefined && !request.url.startsWith(INTEGRATION_PREFIX)) {
      request.viaToken = true;
      const now = new Date();
      const bearer = /^Bearer +(\S+)$/i.exec(authorization)?.[1];
      const token = bearer ? await opts.tokens.load(bearer, now) : null;
      if (!token) {
        // A token its user holds but may not use now (revoked, expired) is in the user's trail.
        const refusal = bearer ? await opts.tokens.refusal(bearer, now) : null;
        if (refusal) await opts.recordTokenRefusal(refusal, now);
        return;
      }
      try {
        await opts.throttle.attempt(
          [{ key: `token:${token.id}`, limit: opts.tokenRequestsPerHour, windowMs: HOUR_MS, over: 'refuse' }],
          now,
          'token_rate_limited',
        );
      } catch (err) {
        await opts.recordTokenRefusal(refusalOf(token, 'rate'), now);
        throw err;
      }
      request.personalToken = token;
      request.session = tokenPrincipal(token);
      return;
    }
    const header = request.headers.sessionid;
    const id = Array.isArray(header) ? header[0] : header;
    request.sessionIdHash = id && SESSION_ID_PATTERN.test(id) ? hashSessionId(id) : null;
    if (request.sessionIdHash)
      request.session = await opts.store.loadByHash(request.sessionIdHash, new Date());
  });
});
