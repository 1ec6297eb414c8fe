// Graceful stop. Once `stopAccepting()` is called every new request answers 503 (the maintenance
// envelope, `Connection: close`) while the requests already admitted finish; the process keeps
// listening meanwhile, so a client is answered instead of reset. Handlers are counted apart: one whose
// client went away keeps running (an argon2 check, a query) and must not meet a closed database.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    handlersRunning: { count: number };
    /** Resolves when no handler runs any more, or after `timeoutMs`. */
    drain(timeoutMs: number): Promise<void>;
    /** New requests answer 503 from now on; resolves when the admitted ones are answered, or after `timeoutMs`. */
    stopAccepting(timeoutMs: number): Promise<void>;
  }
}

const POLL_MS = 20;

async function until(done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export default fp(async function drain(app: FastifyInstance) {
  const running = { count: 0 };
  const admitted = new Set<FastifyRequest>();
  let stopping = false;

  app.decorate('handlersRunning', running);
  app.decorate('drain', (timeoutMs: number) => until(() => running.count === 0, timeoutMs));
  app.decorate('stopAccepting', (timeoutMs: number) => {
    stopping = true;
    return until(() => admitted.size === 0, timeoutMs);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (stopping) {
      reply.header('connection', 'close');
      throw new AppError(503, 'maintenance');
    }
    admitted.add(request);
  });
  const release = async (request: FastifyRequest) => {
    admitted.delete(request);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
});
