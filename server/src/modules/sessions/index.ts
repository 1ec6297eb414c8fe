// The sessions module: guest sessions, login and logout. The session store itself is the platform's
// (modules/module.ts), since the session plugin reads it on every call.
import { createRateLimiter } from '../auth/rate-limiter.js';
import { defineModule } from '../module.js';
import { settingsModule } from '../settings/index.js';
import { usersModule } from '../users/index.js';
import sessionRoutes from './routes.js';
import { createSessionsService } from './service.js';

export const sessionsModule = defineModule({
  name: 'sessions',
  needs: { users: usersModule, settings: settingsModule },
  createService: ({ db, config, store }, { users, settings }) =>
    createSessionsService({
      store,
      users,
      settings,
      rateLimiter: createRateLimiter(db),
      limits: {
        perUsername: config.LOGIN_MAX_ATTEMPTS_PER_USERNAME,
        perAddress: config.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
        windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
      },
    }),
  routes: sessionRoutes,
});
