// ERP request routes (SPEC §7): shipping-address, bank-debit, installments, bill-by-e-mail and
// billing-options requests, and reading requests.
import type { FastifyInstance } from 'fastify';
import { erpInvoices, erpSupplies } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { RequestsService } from './service.js';

export default function requestRoutes(app: FastifyInstance, requests: RequestsService) {
  route(app, erpSupplies.requestShippingAddress, ({ user, body }) =>
    requests.requestShippingAddress(user, body.contractKey, body.shippingAddress, new Date()),
  );

  route(app, erpSupplies.requestBankAccountChange, ({ user, body }) =>
    requests.requestBankAccountChange(user, body, new Date()),
  );

  route(app, erpInvoices.requestInstallments, ({ user, body }) =>
    requests.requestInstallments(user, body, new Date()),
  );

  route(app, erpInvoices.requestEmailInvoice, ({ session, user, body }) =>
    requests.requestEmailInvoice(session, user, body.invoiceId, body.email, new Date()),
  );

  route(app, erpInvoices.requestBillingOptions, ({ session, user, body }) =>
    requests.requestBillingOptions(session, user, body, new Date()),
  );

  route(app, erpSupplies.listRequests, ({ user, query }) => requests.list(user, query));

  route(app, erpSupplies.getRequest, ({ params }) => requests.get(params.id));
}
