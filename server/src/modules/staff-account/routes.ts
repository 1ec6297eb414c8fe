// The customer page's other sections and the account's fixes (ADR 045): route() has checked the staff
// session, its role and the customer's brand before each handler.
import type { FastifyInstance } from 'fastify';
import { staffAccount } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { StaffAccountService } from './service.js';

export default function staffAccountRoutes(app: FastifyInstance, service: StaffAccountService) {
  route(app, staffAccount.getStaffCustomerAccount, ({ staff, params, request }) =>
    service.account(staff, params.customerId, request.ip, new Date()),
  );
  route(app, staffAccount.unlockCustomerLogin, ({ staff, params, body, request }) =>
    service.unlockLogin(staff, params.customerId, body.reason, request.ip, new Date()),
  );
  route(app, staffAccount.resendCustomerResetLink, ({ staff, params, body, request }) =>
    service.resendResetLink(staff, params.customerId, body.reason, request.ip, new Date()),
  );
  route(app, staffAccount.endCustomerSessions, ({ staff, params, body, request }) =>
    service.endSessions(staff, params.customerId, body.reason, request.ip, new Date()),
  );
  route(app, staffAccount.startContactCorrection, ({ staff, params, body, request }) =>
    service.startContact(staff, params.customerId, body, request.ip, new Date()),
  );
  route(app, staffAccount.confirmContactCorrection, ({ staff, params, body, request }) =>
    service.confirmContact(staff, params.customerId, body, request.ip, new Date()),
  );
  route(app, staffAccount.confirmCustomerDelegation, ({ staff, params, body, request }) =>
    service.confirmDelegation(staff, params.customerId, body, request.ip, new Date()),
  );
  route(app, staffAccount.revokeCustomerDelegation, ({ staff, params, body, request }) =>
    service.revokeDelegation(staff, params.customerId, body, request.ip, new Date()),
  );
}
