// Notification routes of the logged-in user: list, read one, mark read / confirmed / pushed.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { NotificationsService } from './service.js';

export default function notificationRoutes(app: FastifyInstance, notifications: NotificationsService) {
  route(app, core.listNotifications, ({ user, query }) => notifications.list(user.id, query));

  route(app, core.getNotification, ({ user, params }) => notifications.get(user.id, params.id));

  route(app, core.updateNotification, ({ user, body }) => notifications.update(user.id, body, new Date()));
}
