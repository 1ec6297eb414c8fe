// Notification routes (SPEC §7 Core notifications): the logged-in user's own only.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { NotificationsService } from './service.js';

export default function notificationRoutes(app: FastifyInstance, notifications: NotificationsService) {
  route(app, core.listNotifications, ({ user, query }) => notifications.list(user, query));
  route(app, core.getNotification, ({ user, params }) => notifications.get(user, params.id));
  route(app, core.updateNotification, ({ user, body }) => notifications.update(user, body, new Date()));
}
