// ERP invoice routes (SPEC §7): list, one invoice, its Bolletta 2.0 detail, installments and
// insolvencies of a reachable customer.
import type { FastifyInstance } from 'fastify';
import { erpInvoices } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { InvoicesService } from './service.js';

export default function invoiceRoutes(app: FastifyInstance, invoices: InvoicesService) {
  route(app, erpInvoices.listInvoices, ({ user, query }) => invoices.list(user, query, new Date()));

  route(app, erpInvoices.getInvoice, ({ user, params, query }) =>
    invoices.get(user, params.id, query.useExtKey ?? false, new Date()),
  );

  route(app, erpInvoices.getInvoiceDetail, ({ user, params }) =>
    invoices.detail(user, params.id, new Date()),
  );

  route(app, erpInvoices.listInstallments, ({ user, query }) =>
    invoices.installments(user, query, new Date()),
  );

  route(app, erpInvoices.listInsolvencies, ({ user, query }) =>
    invoices.insolvencies(user, query.customerId),
  );
}
