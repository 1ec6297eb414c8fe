// ERP invoice routes (SPEC §7): the invoice list of a reachable customer.
import type { FastifyInstance } from 'fastify';
import { erpInvoices } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { InvoicesService } from './service.js';

export default function invoiceRoutes(app: FastifyInstance, invoices: InvoicesService) {
  route(app, erpInvoices.listInvoices, ({ user, query }) => invoices.list(user, query));
}
