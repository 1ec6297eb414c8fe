// Invoices of the customers a user reaches. The dashboard lists the latest and what is still to
// pay; detail, installments and payments come with the invoices work.
import { PAGE_SIZE, type erpInvoices } from '@sportello/contract';
import type * as z from 'zod/mini';
import type { CustomersService } from '../customers/service.js';
import type { SessionUser } from '../sessions/session-store.js';
import type { InvoiceWithContract, InvoicesRepository } from './repository.js';

type Invoice = erpInvoices.Invoice;
type ListQuery = z.output<typeof erpInvoices.listInvoices.query>;

function toInvoiceDto({ invoice: i, contract }: InvoiceWithContract): Invoice {
  return {
    id: String(i.id),
    key: i.key,
    number: i.number,
    customerId: String(i.customerId),
    contract: { id: String(contract.id), key: contract.key, number: contract.number },
    invoiceTypeCode: i.invoiceTypeCode,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    periodStart: i.periodStart,
    periodEnd: i.periodEnd,
    amountCents: i.amountCents,
    outstandingCents: i.outstandingCents,
    paymentLevel: i.paymentLevel,
  };
}

export function createInvoicesService(repository: InvoicesRepository, customers: CustomersService) {
  return {
    /** `customerId` is the customer's id or key (SPEC §7 names it so). */
    async list(user: SessionUser, query: ListQuery) {
      const customer = await customers.requireReachable(user, query.customerId);
      const { count, outstandingCents, rows } = await repository.listByCustomer(Number(customer.id), {
        outstandingOnly: query.outstandingOnly ?? false,
        orderBy: query.orderBy ?? 'issueDate',
        skip: query.pagingSkip,
        take: query.pagingTake ?? PAGE_SIZE.invoices,
      });
      return { count, outstandingCents, invoices: rows.map(toInvoiceDto) };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
