// Resolves `Authorization: Bearer <token>` on the integration API into `request.machine` (ADR 036), as
// the session plugin resolves `sessionId` for the portal's calls: the one place that reads which
// machine client asks. route() then checks the call's scope, the reach check the brand it names.
// Every integration call is audited before its answer leaves (integration_calls: client, route, status, time), refusals too;
// those of a caller no token names are counted per address and minute instead (anonymous_refusals).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@sportello/db/client';
import { integrationCalls } from '@sportello/db/schema';
import { countAnonymousRefusal } from '../platform/anonymous-refusals.js';
import type { MachineCaller, TokenKeys, TokenRefusal } from '../platform/machine/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The machine client of a verified bearer token on an integration call, or null. */
    machine: MachineCaller | null;
    /** Why a bearer token was refused (null: none sent, or it verified). */
    machineRefusal: TokenRefusal | null;
    /** The client an integration call is audited under when no token names one (the token call). */
    auditedClientId: string | null;
  }
}

export const INTEGRATION_PREFIX = '/services/rest/integration/';
const BEARER = /^Bearer ([A-Za-z0-9._-]{1,4096})$/;

export default fp(async function machine(app: FastifyInstance, opts: { db: Db; keys: TokenKeys }) {
  app.decorateRequest('machine', null);
  app.decorateRequest('machineRefusal', null);
  app.decorateRequest('auditedClientId', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(INTEGRATION_PREFIX)) return;
    const header = request.headers.authorization;
    if (!header) return;
    const token = BEARER.exec(header)?.[1];
    if (!token) {
      request.machineRefusal = 'token_invalid';
      return;
    }
    const verified = await opts.keys.verify(token, new Date());
    if (typeof verified === 'string') request.machineRefusal = verified;
    else request.machine = verified;
  });

  // Written before the answer leaves (onSend), so a call answered is a call audited, even if the
  // process stops the next moment; a failed write is logged, never turned into a refusal. A caller no
  // token names is counted per address and minute, not given a row (ADR 048).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(INTEGRATION_PREFIX) || request.url === `${INTEGRATION_PREFIX}openapi.json`)
      return payload;
    const clientId = request.machine?.clientId ?? request.auditedClientId;
    try {
      if (clientId === null) {
        await countAnonymousRefusal(opts.db, 'integration', request.ip, new Date());
        return payload;
      }
      await opts.db.insert(integrationCalls).values({
        clientId,
        method: request.method,
        // The route's pattern, never a URL whose path could carry anything; an unmatched path, cut short.
        route: request.routeOptions.url ?? (request.url.split('?')[0] ?? '').slice(0, 200),
        status: reply.statusCode,
      });
    } catch (err) {
      request.log.warn({ err }, 'integration call not audited');
    }
    return payload;
  });
});
