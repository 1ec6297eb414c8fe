// ERP invoice routes (SPEC §7): list, one invoice, its Bolletta 2.0 detail, installments and
// insolvencies of a reachable customer.
import type { FastifyInstance } from 'fastify';
import { erpInvoices } from '@sportello/contract';
import { route, routeAsking } from '../../http/route.js';
import type { InvoicesService } from './service.js';

export default function invoiceRoutes(app: FastifyInstance, invoices: InvoicesService) {
  routeAsking(app, erpInvoices.listInvoices, ({ asker, query }) => invoices.list(asker, query, new Date()));

  routeAsking(app, erpInvoices.getInvoice, ({ asker, params, query }) =>
    invoices.get(asker, params.id, query.useExtKey ?? false, new Date()),
  );

  route(app, erpInvoices.getInvoiceDetail, ({ user, params }) =>
    invoices.detail(user, params.id, new Date()),
  );

  route(app, erpInvoices.listComparableInvoices, ({ user, params }) =>
    invoices.comparable(user, params.id, new Date()),
  );

  route(app, erpInvoices.listInstallments, ({ user, query }) =>
    invoices.installments(user, query, new Date()),
  );

  route(app, erpInvoices.listInsolvencies, ({ user, query }) =>
    invoices.insolvencies(user, query.customerId),
  );
}
