// The customer-care console's calls (ADR 041): route() has checked the staff session, its role and the
// customer's brand before each handler.
import type { FastifyInstance } from 'fastify';
import { staff, staffPasskeys } from '@sportello/contract';
import { route } from '../../http/route.js';
import { userAgentOf } from '../../platform/sessions/session-store.js';
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

  // Staff passkeys (ADR 044).
  const { passkeys } = service;
  route(app, staffPasskeys.staffPasskeyLoginOptions, ({ request }) =>
    passkeys.loginOptions(request.ip, new Date()),
  );
  route(app, staffPasskeys.staffLoginWithPasskey, ({ body, request }) =>
    passkeys.login(body.credential, request.ip, new Date()),
  );
  route(app, staffPasskeys.listStaffPasskeys, ({ staff: who }) => passkeys.list(who, new Date()));
  route(app, staffPasskeys.staffPasskeyRegistrationOptions, ({ staff: who }) =>
    passkeys.registrationOptions(who, new Date()),
  );
  route(app, staffPasskeys.registerStaffPasskey, ({ staff: who, body, request }) =>
    passkeys.register(who, body, { address: request.ip, userAgent: userAgentOf(request) }, new Date()),
  );
  route(app, staffPasskeys.deleteStaffPasskey, ({ staff: who, params, request }) =>
    passkeys.remove(who, params.key, request.ip),
  );
}
