// The staff's views of the portal (ADR 043): the console's three calls and the customer's list.
import type { FastifyInstance } from 'fastify';
import { consultations, staffViews } from '@sportello/contract';
import { route } from '../../http/route.js';
import { userAgentOf } from '../../platform/sessions/session-store.js';
import type { ConsultationsService } from './service.js';

export default function consultationsRoutes(app: FastifyInstance, service: ConsultationsService) {
  route(app, staffViews.openStaffView, ({ staff, params, body, request }) =>
    service.open(staff, params.customerId, body, request.ip, new Date()),
  );
  route(app, staffViews.exchangeStaffView, ({ staff, body, request }) =>
    service.exchange(staff, body.code, userAgentOf(request), new Date()),
  );
  route(app, staffViews.listStaffViews, ({ params }) => service.ofCustomerForStaff(params.customerId));
  route(app, consultations.listConsultations, ({ user }) => service.ofUser(user));
}
