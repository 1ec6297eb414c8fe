// Push device routes: the app registers its push id for the logged-in user.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { DevicesService } from './service.js';

export default function deviceRoutes(app: FastifyInstance, devices: DevicesService) {
  route(app, core.registerDevice, ({ user, body }) =>
    devices.register(user.id, body.fbPushId, body.platform ?? null),
  );
}
