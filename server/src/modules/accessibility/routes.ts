// Accessibility feedback routes: send a report, find it again.
import type { FastifyInstance } from 'fastify';
import { accessibility } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { AccessibilityService } from './service.js';

export default function accessibilityRoutes(app: FastifyInstance, service: AccessibilityService) {
  route(app, accessibility.sendAccessibilityFeedback, ({ user, session, body, request }) =>
    service.send(user, session.company, body, request.ip, new Date()),
  );

  route(app, accessibility.sendGuestAccessibilityFeedback, ({ session, body, request }) =>
    service.send(null, session.company, body, request.ip, new Date()),
  );

  route(app, accessibility.findAccessibilityFeedback, ({ body, request }) =>
    service.find(body, request.ip, new Date()),
  );
}
