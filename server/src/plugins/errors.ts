// One error shape for every answer (ARCHITECTURE §3): validation, AppError, body limit, unknown
// routes, a database that is away and unexpected failures all become `{ success: false, message, errors }`
// in Italian; so do the answers Fastify and Node give before any route (bad or too long URL, huge headers).
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_PREFIX, MESSAGES, type ApiError, type Failure, type MessageCode } from '@sportello/contract';
import { isDatabaseUnavailable } from '@sportello/db/errors';
import { AppError } from '../http/app-error.js';

const failure = (code: MessageCode, errors: ApiError[] = [], message: string = MESSAGES[code]): Failure => ({
  success: false,
  message,
  errors,
});

/** A path under /assets/ or whose last segment has an extension (`/x.js`, `/icon.png`): never a page. */
function namesAFile(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(path);
}

/** Fastify's refusals of a body before any schema, each with its own code rather than the generic one. */
const BODY_REFUSALS: Partial<Record<string, MessageCode>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
};

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(failure(error.code, error.errors, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => {
        // Paths look like "/request/password"; the envelope prefix is not a field the user knows.
        const field = issue.instancePath.replace(/^\/(request\/)?/, '').replaceAll('/', '.');
        // Schemas name the message of a check by its code (ARCHITECTURE §3); others get the generic one.
        const code: MessageCode =
          issue.message !== undefined && Object.hasOwn(MESSAGES, issue.message)
            ? (issue.message as MessageCode)
            : 'invalid_input';
        return { code, message: MESSAGES[code], ...(field ? { field } : {}) };
      });
      return reply.status(400).send(failure('invalid_input', errors));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // A call may name its own code for it (route()'s `tooLarge`: a bill's PDF, an NDJSON batch).
      const config = request.routeOptions.config as { tooLarge?: MessageCode } | undefined;
      return reply.status(413).send(failure(config?.tooLarge ?? 'body_too_large'));
    }
    if (error.statusCode === 429) return reply.status(429).send(failure('too_many_attempts'));
    const bodyRefusal = BODY_REFUSALS[error.code];
    if (bodyRefusal && error.statusCode) return reply.status(error.statusCode).send(failure(bodyRefusal));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(failure('invalid_input'));
    }
    if (isDatabaseUnavailable(error)) {
      // SPEC §8: 503 sends the client to the maintenance page; the pool reconnects once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(failure('maintenance'));
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.status(500).send(failure('unexpected'));
  });

  app.setNotFoundHandler((request, reply) => {
    // Outside the API, a GET (or HEAD, as monitors and link checkers send) for an unknown path belongs
    // to the single-page app's own router, when the web plugin has made the built app available. A
    // missing file is a 404: a stale tab asking for a chunk of the last build must see it fail.
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    const spaPage = readsPage && !request.url.startsWith(API_PREFIX) && !namesAFile(request.url);
    if (spaPage && app.hasReplyDecorator('sendFile')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(failure('route_not_found'));
  });
});

/**
 * Fastify's own refusals before routing: a URL it cannot decode (a lone surrogate, `%E0%A4%A`) or a path
 * id over its length limit. Its defaults are English and echo the URL; these stay in the envelope.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send(failure('body_too_large'));
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send(failure('invalid_input'));
}

/** Node's refusals of a request it could not parse (431 headers too large, 400 malformed): raw socket. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, MessageCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'body_too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'generic']
        : [400, 'invalid_input'];
  const body = JSON.stringify(failure(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
