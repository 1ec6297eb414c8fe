// The customer-care console's calls (ADR 041): route() has checked the staff session, its role and the
// customer's brand before each handler.
import type { FastifyInstance } from 'fastify';
import { staff } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { StaffService } from './service.js';

export default function staffRoutes(app: FastifyInstance, service: StaffService) {
  route(app, staff.staffLogin, ({ body, request }) => service.login(body, request.ip, new Date()));
  route(app, staff.staffLogout, ({ staff: who, request }) => service.logout(who, request.ip, new Date()));
  route(app, staff.getStaffSession, async ({ staff: who }) => service.session(who));
  route(app, staff.searchStaffCustomers, ({ staff: who, query, request }) =>
    service.search(who, query.q, request.ip),
  );
  route(app, staff.getStaffCustomer, ({ staff: who, params, request }) =>
    service.customer(who, params.customerId, request.ip, new Date()),
  );
  route(app, staff.listStaffAudit, ({ staff: who, params, request }) =>
    service.audit(who, params.customerId, request.ip),
  );
}
