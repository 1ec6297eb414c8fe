// The notifications module: a user's notifications, read, confirmed and pushed.
import { defineModule } from '../module.js';
import { createNotificationsRepository } from './repository.js';
import notificationRoutes from './routes.js';
import { createNotificationsService } from './service.js';

export const notificationsModule = defineModule({
  name: 'notifications',
  needs: {},
  createService: ({ db }) => createNotificationsService(createNotificationsRepository(db)),
  routes: notificationRoutes,
});
