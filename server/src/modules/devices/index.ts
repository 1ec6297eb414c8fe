// The devices module: push ids of the app installations of a user.
import { defineModule } from '../module.js';
import { createDevicesRepository } from './repository.js';
import deviceRoutes from './routes.js';
import { createDevicesService } from './service.js';

export const devicesModule = defineModule({
  name: 'devices',
  purpose: "push ids of a user's app installations",
  needs: {},
  createService: ({ db }) => createDevicesService(createDevicesRepository(db)),
  routes: deviceRoutes,
});
