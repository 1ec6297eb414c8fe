// Push devices (SPEC §7 Core devices): registered for the logged-in user, removed at logout.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { DevicesService } from './service.js';

export default function deviceRoutes(app: FastifyInstance, devices: DevicesService) {
  route(app, core.registerDevice, ({ user, body }) =>
    devices.register(user.id, body.fbPushId, body.platform ?? null),
  );
  route(app, core.unregisterDevice, ({ user, query }) => devices.unregister(user.id, query.fbPushId));
}
