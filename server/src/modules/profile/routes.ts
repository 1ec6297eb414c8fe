// Profile routes: one-time codes for e-mail and phone, a customer's settings, the registry change.
import type { FastifyInstance } from 'fastify';
import { profile } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { ProfileService } from './service.js';

export default function profileRoutes(app: FastifyInstance, service: ProfileService) {
  route(app, profile.emailCheck, ({ user, body }) => service.emailCheck(user, body.email, new Date()));

  route(app, profile.phoneCheck, ({ user, body }) => service.phoneCheck(user, body.phone, new Date()));

  route(app, profile.otpVerification, ({ user, body }) =>
    service.verify(user, body.workflowId, body.code, new Date()),
  );

  route(app, profile.updateCustomerSettings, ({ user, params, body }) =>
    service.updateCustomerSettings(user, params.id, body),
  );

  route(app, profile.getEInvoiceRecipient, ({ user, params }) => service.eInvoiceRecipient(user, params.id));

  route(app, profile.updateEInvoiceRecipient, ({ user, params, body }) =>
    service.setEInvoiceRecipient(user, params.id, body, new Date()),
  );

  route(app, profile.requestAccountData, ({ user, body }) => service.requestAccountData(user, body));
}
