// Counts API handlers still running, so shutdown can close the database only once they are done.
// Fastify's close() stops accepting and ends idle connections, but a handler whose client went away
// keeps running (an argon2 check, a query) and would otherwise meet a closed database.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    handlersRunning: { count: number };
    /** Resolves when no handler runs any more, or after `timeoutMs`. */
    drain(timeoutMs: number): Promise<void>;
  }
}

const POLL_MS = 20;

export default fp(async function drain(app: FastifyInstance) {
  const running = { count: 0 };
  app.decorate('handlersRunning', running);
  app.decorate('drain', async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (running.count > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  });
});
