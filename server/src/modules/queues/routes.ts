// The work queues' calls (ADR 042): route() has checked the staff session, its role and the customer's
// brand before each handler.
import type { FastifyInstance } from 'fastify';
import { staffQueues } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { QueuesService } from './service.js';

export default function queuesRoutes(app: FastifyInstance, service: QueuesService) {
  route(app, staffQueues.listStaffQueue, ({ staff, query }) => service.list(staff, query, new Date()));
  route(app, staffQueues.listStaffAtRisk, ({ staff }) => service.atRisk(staff, new Date()));
  route(app, staffQueues.getStaffQueueItem, ({ staff, params, request }) =>
    service.get(staff, params, request.ip, new Date()),
  );
  route(app, staffQueues.assignStaffQueueItem, ({ staff, params, body, request }) =>
    service.assign(staff, params, body, request.ip, new Date()),
  );
  route(app, staffQueues.answerStaffQueueItem, ({ staff, params, body, request }) =>
    service.answer(staff, params, body, request.ip, new Date()),
  );
  route(app, staffQueues.rectifyStaffQueueItem, ({ staff, params, body, request }) =>
    service.rectify(staff, params, body, request.ip, new Date()),
  );
  route(app, staffQueues.setStaffQueuePhase, ({ staff, params, body, request }) =>
    service.phase(staff, params, body, request.ip, new Date()),
  );
  route(app, staffQueues.escalateStaffQueueItem, ({ staff, params, body, request }) =>
    service.escalate(staff, params, body, request.ip, new Date()),
  );
}
