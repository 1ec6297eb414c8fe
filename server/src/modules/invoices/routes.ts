// ERP invoice routes (SPEC §7): list, one invoice, its Bolletta 2.0 detail, installments and
// insolvencies of a reachable customer; the hourly payment reminders (ADR 035).
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

  route(app, erpInvoices.listComparableInvoices, ({ params }) => invoices.comparable(params.id, new Date()));

  route(app, erpInvoices.listInstallments, ({ query }) => invoices.installments(query, new Date()));

  route(app, erpInvoices.listInsolvencies, ({ user, query }) =>
    invoices.insolvencies(user, query.customerId),
  );

  // Payment reminders are sent by the process that claims each first (in SQL, once), as the metering
  // module announces reading windows.
  if (invoices.remindEveryMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      invoices
        .sendPaymentReminders(new Date())
        .catch((err: Error) => app.log.error({ err }, 'payment reminders failed'));
    };
    app.addHook('onReady', async () => {
      tick();
      timer = setInterval(tick, invoices.remindEveryMs).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
