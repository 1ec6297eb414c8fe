// Registers one contract call as a Fastify route: schemas from the contract, the access rule of the
// call enforced before the handler, and the answer wrapped in the success envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import { requestEnvelope, successEnvelope, type Call, type CallAccess } from '@sportello/contract';
import { statementAsker, type SessionAsker } from '../modules/sessions/asking-session.js';
import type { LoadedSession, SessionUser } from '../platform/sessions/session-store.js';
import { unauthorized } from './app-error.js';

export interface RouteContext<C extends Call> {
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  session: C['access'] extends 'public' ? LoadedSession | null : LoadedSession;
  user: C['access'] extends 'user' ? SessionUser : SessionUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** For a GET whose own statement reads the session (routeAsking): no session or user before it runs. */
export interface AskingRouteContext<C extends Call> {
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  asker: SessionAsker;
  request: FastifyRequest;
  reply: FastifyReply;
}

const hasBody = (call: Call) => call.method === 'POST' || call.method === 'PUT';

function checkAccess(access: CallAccess, session: LoadedSession | null): void {
  if (access === 'public') return;
  if (!session) throw unauthorized('session_missing');
  if (access === 'user' && !session.user) throw unauthorized('login_required');
  // A guest reaches a `link` call only from a link; the service then checks it is that link's target.
  if (access === 'link' && !session.user && session.linkId === null) throw unauthorized('login_required');
}

export interface RouteOptions {
  /**
   * 'stringify' skips checking the answer against the call's response schema before it is written.
   * Only for answers the server builds wholly from its own rows with TypeScript holding the shape,
   * and whose size makes the check a real cost: the kept PDF's base64 (issue 12). The schema still
   * documents the answer (OpenAPI) and the module's tests still parse it with the schema.
   */
  serializer?: 'schema' | 'stringify';
}

const stringify = () => (data: unknown) => JSON.stringify(data);

export function route<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: RouteContext<C>) => Promise<z.output<C['response']>>,
  options: RouteOptions = {},
): void {
  register(app, call, options, false, (request, reply) => {
    const session = request.session;
    const body = hasBody(call) ? (request.body as { request: z.output<C['body']> }).request : {};
    return handler({
      params: request.params as z.output<C['params']>,
      query: request.query as z.output<C['query']>,
      body: body as z.output<C['body']>,
      session: session as RouteContext<C>['session'],
      user: (session?.user ?? null) as RouteContext<C>['user'],
      request,
      reply,
    });
  });
}

/**
 * A GET whose statement reads the asking session beside its data (issue 12: one round trip). The
 * handler passes `asker.params` to that statement, then `asker.session(read)` or `asker.user(read)`
 * decides on the session it read, with the call's access rule, before anything is answered.
 */
export function routeAsking<C extends Call & { access: 'user' | 'session' | 'link' }>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: AskingRouteContext<C>) => Promise<z.output<C['response']>>,
  options: RouteOptions = {},
): void {
  // A write must never run before its session is decided.
  if (call.method !== 'GET') throw new Error(`${call.name}: only a GET reads its session in its statement`);
  register(app, call, options, true, (request, reply) =>
    handler({
      params: request.params as z.output<C['params']>,
      query: request.query as z.output<C['query']>,
      asker: askerOf(request, call.access),
      request,
      reply,
    }),
  );
}

function askerOf(request: FastifyRequest, access: CallAccess): SessionAsker {
  return statementAsker(request.sessionIdHash, async (read) => {
    const session = await request.settleSession(read);
    checkAccess(access, session);
    return session!;
  });
}

function register<C extends Call>(
  app: FastifyInstance,
  call: C,
  options: RouteOptions,
  sessionInStatement: boolean,
  answer: (request: FastifyRequest, reply: FastifyReply) => Promise<z.output<C['response']>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: { sessionInStatement },
    schema: {
      operationId: call.name,
      summary: call.summary,
      params: call.params,
      querystring: call.query,
      ...(hasBody(call) ? { body: requestEnvelope(call.body) } : {}),
      response: { 200: successEnvelope(call.response) },
    },
    ...(options.serializer === 'stringify' ? { serializerCompiler: stringify } : {}),
    // Without a session read first, a malformed query waits in the handler for the session to be
    // decided: a stranger gets 401 before any 400, as on every other route.
    ...(sessionInStatement ? { attachValidation: true } : {}),
    // Access is checked before the body is parsed or validated: a stranger learns nothing about it.
    // A route whose statement reads the session checks it after that statement; a request without a
    // session id is refused here all the same.
    onRequest: async (request) => {
      if (!sessionInStatement || !request.sessionIdHash) checkAccess(call.access, request.session);
    },
    handler: async (request, reply) => {
      if (request.validationError) {
        checkAccess(call.access, await request.settleSession(undefined));
        throw request.validationError;
      }
      app.handlersRunning.count++;
      try {
        return { success: true as const, data: await answer(request, reply) };
      } finally {
        app.handlersRunning.count--;
      }
    },
  });
}
