// One error shape for every answer (ARCHITECTURE §3): validation, AppError, body limit, unknown
// routes and unexpected failures all become `{ success: false, message, errors }` in Italian.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_PREFIX, MESSAGES, type ApiError, type Failure, type MessageCode } from '@sportello/contract';
import { AppError } from '../http/app-error.js';

const failure = (code: MessageCode, errors: ApiError[] = [], message: string = MESSAGES[code]): Failure => ({
  success: false,
  message,
  errors,
});

/**
 * Fastify's router answers a URL it cannot decode (a lone surrogate, `%E0%A4%A`) or a path id over its
 * length limit by itself, in English and echoing the URL, unless the app is built with this function
 * as `frameworkErrors` (app.ts).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return reply.status(error.statusCode ?? 400).send(failure('invalid_input'));
}

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
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(failure('body_too_large'));
    if (error.statusCode === 429) return reply.status(429).send(failure('too_many_attempts'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(failure('invalid_input'));
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.status(500).send(failure('unexpected'));
  });

  app.setNotFoundHandler((request, reply) => {
    // Outside the API, a GET (or HEAD, as monitors and link checkers send) for an unknown path belongs
    // to the single-page app's own router, when the web plugin has made the built app available.
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    const spaPage = readsPage && !request.url.startsWith(API_PREFIX);
    if (spaPage && app.hasReplyDecorator('sendFile')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(failure('route_not_found'));
  });
});
