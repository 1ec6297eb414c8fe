// The sessions module: guest sessions, login and logout. The session store itself is the platform's
// (modules/module.ts), since the session plugin reads it on every call.
import { defineModule } from '../module.js';
import { settingsModule } from '../settings/index.js';
import { usersModule } from '../users/index.js';
import sessionRoutes from './routes.js';
import { createSessionsService } from './service.js';

export const sessionsModule = defineModule({
  name: 'sessions',
  needs: { users: usersModule, settings: settingsModule },
  createService: ({ config, store, throttle }, { users, settings }) =>
    createSessionsService({
      store,
      users,
      settings,
      throttle,
      limits: {
        perUsernameAndAddress: config.LOGIN_MAX_FAILURES_PER_USERNAME_ADDRESS,
        slowdownPerUsername: config.LOGIN_SLOWDOWN_AFTER_FAILURES_PER_USERNAME,
        perAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
        windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
        guestSessionsPerAddress: config.GUEST_SESSIONS_PER_ADDRESS,
      },
    }),
  routes: sessionRoutes,
});
