// Wires repositories and services once per app instance; route plugins receive this object.
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { createRateLimiter } from './modules/auth/rate-limiter.js';
import { createCustomersRepository } from './modules/customers/repository.js';
import { createCustomersService } from './modules/customers/service.js';
import { createSessionStore } from './modules/sessions/session-store.js';
import { createSessionsService } from './modules/sessions/service.js';
import { createUsersService } from './modules/users/service.js';

export function createServices(db: Db, config: Config) {
  const store = createSessionStore(db, {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  });
  const customers = createCustomersService(createCustomersRepository(db));
  const users = createUsersService(db, customers);
  const sessions = createSessionsService({
    db,
    store,
    users,
    rateLimiter: createRateLimiter(db),
    limits: {
      perUsername: config.LOGIN_MAX_ATTEMPTS_PER_USERNAME,
      perAddress: config.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
      windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
    },
  });
  return { db, store, customers, users, sessions };
}

export type Services = ReturnType<typeof createServices>;
