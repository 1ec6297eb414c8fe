// ERP invoice routes (SPEC §7): the invoice list of a reachable customer.
import type { FastifyInstance } from 'fastify';
import { erpInvoices } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';

export default async function invoiceRoutes(app: FastifyInstance, { services }: { services: Services }) {
  route(app, erpInvoices.listInvoices, ({ user, query }) => services.invoices.list(user, query));
}
