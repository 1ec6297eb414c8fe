// Registers one contract call as a Fastify route: schemas from the contract, the access rule of the
// call enforced before the body is read, the reach of every identifier it sends checked before the
// handler (platform/reach, ADR 027), a recent step-up where the call asks one (ADR 038), a staff's view
// kept to reading (ADR 043), and the answer wrapped in the success envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import { requestEnvelope, successEnvelope, type Call, type MessageCode } from '@sportello/contract';
import type { LoadedSession, SessionUser } from '../platform/sessions/session-store.js';
import { reachedFields } from '../platform/reach/check-reach.js';
import type { MachineCaller } from '../platform/machine/tokens.js';
import type { StaffPrincipal } from '../platform/staff/staff-sessions.js';
import { checkStepUp } from '../platform/auth/step-up.js';
import { AppError, unauthorized } from './app-error.js';

export interface RouteContext<C extends Call> {
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  session: C['access'] extends 'public' | 'machine' ? LoadedSession | null : LoadedSession;
  /** The machine client of a `machine` call (ADR 036). */
  machine: C['access'] extends 'machine' ? MachineCaller : null;
  user: C['access'] extends 'user' | 'token' ? SessionUser : SessionUser | null;
  /** The staff session of a `staff` call (ADR 041). */
  staff: C['access'] extends 'staff' ? StaffPrincipal : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

const hasBody = (call: Call) => call.method === 'POST' || call.method === 'PUT';

/** The calls other than GET a view session may make: "Esci" ends it. */
const VIEW_MAY_CALL: ReadonlySet<string> = new Set(['logout']);

function checkAccess(call: Call, request: FastifyRequest): void {
  const { access } = call;
  const session = request.session;
  // A supplier's system (ADR 036): a verified bearer token, holding the call's scope; the reach check
  // then holds it to its brands. A session, whatever it is, does not make a machine call.
  if (access === 'machine') {
    if (!request.machine) throw unauthorized(request.machineRefusal ?? 'token_missing');
    if (!call.scope || !request.machine.scopes.includes(call.scope)) throw new AppError(403, 'scope_missing');
    return;
  }
  // A customer-care staff session (ADR 041), holding one of the call's roles; the reach check then holds
  // it to its brands. A customer's session or token is no staff session, and a staff session opens
  // nothing else.
  if (access === 'staff') {
    if (!request.staff) throw unauthorized(request.staffRefusal ?? 'staff_session_missing');
    if (!call.roles?.includes(request.staff.role)) throw new AppError(403, 'staff_role_refused');
    return;
  }
  // A personal token opens its own calls and nothing else (ADR 037); they take nothing else.
  if (request.viaToken) {
    if (access !== 'token') throw unauthorized('token_not_allowed');
    if (!request.personalToken) throw unauthorized('personal_token_invalid');
    return;
  }
  if (access === 'token') throw unauthorized('token_required');
  // A staff's view of the portal only reads (ADR 043): any other method but its own end is refused here,
  // for every call, whatever a page offers.
  if (session?.view && call.method !== 'GET' && !VIEW_MAY_CALL.has(call.name))
    throw new AppError(403, 'view_read_only');
  if (access === 'public') return;
  if (!session) throw unauthorized('session_missing');
  if (access === 'user' && !session.user) throw unauthorized('login_required');
  // A guest reaches a `link` call only from a link; the reach check then holds it to that link's target.
  if (access === 'link' && !session.user && session.linkId === null) throw unauthorized('login_required');
}

export interface RouteOptions {
  /**
   * 'stringify' skips checking the answer against the call's response schema before it is written.
   * Only for answers the server builds wholly from its own rows with TypeScript holding the shape,
   * and whose size makes the check a real cost: the kept PDF's base64. The schema still
   * documents the answer (OpenAPI) and the module's tests still parse it with the schema.
   */
  serializer?: 'schema' | 'stringify';
  /** The call's own body limit in bytes, over the server's BODY_LIMIT_BYTES (a bill's PDF, ADR 036). */
  bodyLimit?: number;
  /** The code a body past the limit is refused with (413), when the call has its own: `bill_pdf_too_large`. */
  tooLarge?: MessageCode;
}

const stringify = () => (data: unknown) => JSON.stringify(data);

export function route<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: RouteContext<C>) => Promise<z.output<C['response']>>,
  options: RouteOptions = {},
): void {
  // Checked here, not in defineCall: the web's first load holds call.ts, and the console's calls are the server's concern.
  if ((call.access === 'staff') !== (call.roles !== undefined && call.roles.length > 0))
    throw new Error(`${call.name}: a staff call names its roles, and only a staff call does`);
  const fields = reachedFields(call);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      operationId: call.name,
      summary: call.summary,
      params: call.params,
      querystring: call.query,
      ...(hasBody(call) ? { body: requestEnvelope(call.body) } : {}),
      response: { 200: successEnvelope(call.response) },
    },
    ...(options.serializer === 'stringify' ? { serializerCompiler: stringify } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.tooLarge ? { config: { tooLarge: options.tooLarge } } : {}),
    // Access is checked before the body is parsed or validated: a stranger learns nothing about it.
    onRequest: async (request) => checkAccess(call, request),
    // Reach needs the validated identifiers: after validation, before the handler. A step-up is asked
    // only of a caller who reaches what it names (ADR 038).
    preHandler: async (request) => {
      await app.reach.check(call, fields, request);
      const body = hasBody(call) ? (request.body as { request: unknown }).request : {};
      checkStepUp(call, request.session, body, new Date());
    },
    handler: async (request, reply) => {
      const session = request.session;
      const body = hasBody(call) ? (request.body as { request: z.output<C['body']> }).request : {};
      app.handlersRunning.count++;
      try {
        const data = await handler({
          params: request.params as z.output<C['params']>,
          query: request.query as z.output<C['query']>,
          body: body as z.output<C['body']>,
          session: session as RouteContext<C>['session'],
          user: (session?.user ?? null) as RouteContext<C>['user'],
          machine: request.machine as RouteContext<C>['machine'],
          staff: request.staff as RouteContext<C>['staff'],
          request,
          reply,
        });
        return { success: true as const, data };
      } finally {
        app.handlersRunning.count--;
      }
    },
  });
}
