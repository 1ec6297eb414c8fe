// SQL for invoices: a customer's list, newest first, with count and amount still to pay.
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contracts, invoices } from '../../db/schema/index.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceWithContract = {
  invoice: InvoiceRow;
  contract: { id: number; key: string; number: string };
};

export function createInvoicesRepository(db: Db) {
  return {
    /** One page plus the totals over every matching invoice (index invoices_customer_idx). */
    async listByCustomer(
      customerId: number,
      options: { outstandingOnly: boolean; orderBy: 'issueDate' | 'dueDate'; skip: number; take: number },
    ): Promise<{ count: number; outstandingCents: number; rows: InvoiceWithContract[] }> {
      const where = and(
        eq(invoices.customerId, customerId),
        options.outstandingOnly ? gt(invoices.outstandingCents, 0) : undefined,
      );
      const order = options.orderBy === 'dueDate' ? invoices.dueDate : invoices.issueDate;
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            invoice: invoices,
            contract: { id: contracts.id, key: contracts.key, number: contracts.number },
          })
          .from(invoices)
          .innerJoin(contracts, eq(contracts.id, invoices.contractId))
          .where(where)
          .orderBy(desc(order), desc(invoices.id))
          .limit(options.take)
          .offset(options.skip),
        db
          .select({
            count: count(),
            // Only positive balances are owed; a credit note does not lower what is still to pay.
            outstandingCents:
              sql<number>`coalesce(sum(greatest(${invoices.outstandingCents}, 0)), 0)`.mapWith(Number),
          })
          .from(invoices)
          .where(where),
      ]);
      return { count: totals?.count ?? 0, outstandingCents: totals?.outstandingCents ?? 0, rows };
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
