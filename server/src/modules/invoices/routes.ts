// ERP invoice routes (SPEC §7): list, one invoice, its Bolletta 2.0 detail, installments and
// insolvencies of a reachable customer.
import type { FastifyInstance } from 'fastify';
import { erpInvoices } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { InvoicesService } from './service.js';

export default function invoiceRoutes(app: FastifyInstance, invoices: InvoicesService) {
  route(app, erpInvoices.listInvoices, ({ user, query }) => invoices.list(user, query, new Date()));

  route(app, erpInvoices.getInvoice, ({ params, query, user }) =>
    invoices.get(params.id, query.useExtKey ? { companyCode: user.companyCode } : null, new Date()),
  );

  route(app, erpInvoices.getInvoiceDetail, ({ params }) => invoices.detail(params.id, new Date()));

  route(app, erpInvoices.getInvoiceEInvoice, ({ params }) => invoices.eInvoice(params.id));

  route(app, erpInvoices.listComparableInvoices, ({ params }) => invoices.comparable(params.id, new Date()));

  route(app, erpInvoices.listInstallments, ({ query }) => invoices.installments(query, new Date()));

  route(app, erpInvoices.listInsolvencies, ({ user, query }) =>
    invoices.insolvencies(user, query.customerId),
  );
}
