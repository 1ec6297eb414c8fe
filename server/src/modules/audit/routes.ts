// The user's security events (ADR 038).
import type { FastifyInstance } from 'fastify';
import { passkeys } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { AuditService } from './service.js';

export default function auditRoutes(app: FastifyInstance, audit: AuditService) {
  route(app, passkeys.listSecurityEvents, ({ user }) => audit.latest(user));
}
