// Resolves the `staffSessionId` header on the console's calls (/services/rest/staff/) into
// `request.staff` (ADR 041), as the session plugin resolves a customer's `sessionId`: route() then
// checks the call's roles, the reach check the customer's brand. Every refusal on the console's calls
// (no session, a role that may not, another brand, bad input, a wrong login) is audited before the
// answer leaves; the actions themselves are audited by the staff service in their own transaction.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, staffCalls, type MessageCode } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { countAnonymousRefusal } from '../platform/anonymous-refusals.js';
import { hashSessionId } from '../platform/sessions/session-store.js';
import {
  writeStaffAudit,
  type StaffPrincipal,
  type StaffSessionStore,
} from '../platform/staff/staff-sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live staff session of a console call, or null. */
    staff: StaffPrincipal | null;
    /** Why a staff call has no staff session: none sent, or it just died. */
    staffRefusal: MessageCode | null;
  }
}

export const STAFF_PREFIX = `${API_PREFIX}/staff/`;
/** The console's calls open to anyone: signing in with a password and code, or a passkey. */
const SIGN_IN_PATHS = new Set<string>(staffCalls.filter((c) => c.access === 'public').map((c) => c.path));
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export default fp(async function staff(app: FastifyInstance, opts: { db: Db; store: StaffSessionStore }) {
  app.decorateRequest('staff', null);
  app.decorateRequest('staffRefusal', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(STAFF_PREFIX)) return;
    const header = request.headers.staffsessionid;
    const id = Array.isArray(header) ? header[0] : header;
    if (!id || !SESSION_ID_PATTERN.test(id)) return;
    const loaded = await opts.store.load(hashSessionId(id), new Date(), request.ip);
    if (loaded === 'expired') request.staffRefusal = 'staff_session_expired';
    else if (loaded !== 'missing') request.staff = loaded;
  });

  // A refusal leaves nothing changed but its audit row; a failed write is logged, never a 5xx. A
  // caller with no staff session is counted per address and minute rather than given a row, unless it
  // was signing in (throttled, and which account was tried matters, ADR 048).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(STAFF_PREFIX) || reply.statusCode < 400) return payload;
    const route = request.routeOptions.url ?? (request.url.split('?')[0] ?? '').slice(0, 200);
    if (!request.staff && !SIGN_IN_PATHS.has(route)) {
      try {
        await countAnonymousRefusal(opts.db, 'staff', request.ip, new Date());
      } catch (err) {
        request.log.warn({ err }, 'staff refusal not counted');
      }
      return payload;
    }
    const body = (request.body as { request?: { username?: unknown } } | undefined)?.request;
    const username =
      route.endsWith('/login') && typeof body?.username === 'string' ? body.username.slice(0, 64) : undefined;
    let message: unknown;
    try {
      message =
        typeof payload === 'string' ? (JSON.parse(payload) as { message?: unknown }).message : undefined;
    } catch {
      message = undefined;
    }
    try {
      await writeStaffAudit(opts.db, {
        staffUserId: request.staff?.userId ?? null,
        idHash: request.staff?.idHash ?? null,
        action: 'refused',
        detail: {
          method: request.method,
          route,
          status: reply.statusCode,
          message,
          ...(username ? { username } : {}),
        },
        address: request.ip,
      });
    } catch (err) {
      request.log.warn({ err }, 'staff refusal not audited');
    }
    return payload;
  });
});
