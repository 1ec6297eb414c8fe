// SQL for invoices: a customer's list with its totals, one invoice, and what its Bolletta 2.0
// view needs (sections, supplies with their readings, brand, customer), plus installments and
// insolvencies.
import { and, asc, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { byIdOrKey, numericId } from '../../db/ids.js';
import {
  companies,
  companyModules,
  contracts,
  customers,
  insolvencies,
  installments,
  invoiceSections,
  invoices,
  readings,
  supplies,
} from '../../db/schema/index.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InstallmentRow = typeof installments.$inferSelect;
export type InvoiceWithContract = {
  invoice: InvoiceRow;
  contract: { id: number; key: string; number: string };
};
export type InvoiceOrder = 'issueDate' | 'dueDate' | 'overdueFirst';

const contractColumns = { id: contracts.id, key: contracts.key, number: contracts.number };

export function createInvoicesRepository(db: Db) {
  return {
    /** One page plus the totals over every matching invoice (index invoices_customer_idx). */
    async listByCustomer(
      customerId: number,
      options: {
        outstandingOnly: boolean;
        typeCodes: number[] | null;
        orderBy: InvoiceOrder;
        today: string;
        skip: number;
        take: number;
      },
    ): Promise<{
      count: number;
      outstandingCents: number;
      overdueCount: number;
      rows: InvoiceWithContract[];
    }> {
      const where = and(
        eq(invoices.customerId, customerId),
        options.outstandingOnly ? gt(invoices.outstandingCents, 0) : undefined,
        options.typeCodes ? inArray(invoices.invoiceTypeCode, options.typeCodes) : undefined,
      );
      const overdue = sql<boolean>`(${invoices.outstandingCents} > 0 and ${invoices.dueDate} < ${options.today})`;
      const order: SQL[] =
        options.orderBy === 'dueDate'
          ? [desc(invoices.dueDate)]
          : options.orderBy === 'overdueFirst'
            ? [desc(overdue), desc(invoices.issueDate)]
            : [desc(invoices.issueDate)];
      const [rows, [totals]] = await Promise.all([
        db
          .select({ invoice: invoices, contract: contractColumns })
          .from(invoices)
          .innerJoin(contracts, eq(contracts.id, invoices.contractId))
          .where(where)
          .orderBy(...order, desc(invoices.id))
          .limit(options.take)
          .offset(options.skip),
        db
          .select({
            count: count(),
            // Only positive balances are owed; a credit note does not lower what is still to pay.
            outstandingCents:
              sql<number>`coalesce(sum(greatest(${invoices.outstandingCents}, 0)), 0)`.mapWith(Number),
            overdueCount: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
          })
          .from(invoices)
          .where(where),
      ]);
      return {
        count: totals?.count ?? 0,
        outstandingCents: totals?.outstandingCents ?? 0,
        overdueCount: totals?.overdueCount ?? 0,
        rows,
      };
    },

    /** By id or key, or by the ERP's key (useExtKey). */
    async find(idOrKey: string, useExtKey = false): Promise<InvoiceWithContract | undefined> {
      const match = useExtKey ? eq(invoices.extKey, idOrKey) : byIdOrKey(invoices.id, invoices.key, idOrKey);
      const [row] = await db
        .select({ invoice: invoices, contract: contractColumns })
        .from(invoices)
        .innerJoin(contracts, eq(contracts.id, invoices.contractId))
        .where(match)
        .limit(1);
      return row;
    },

    async findManyByIdOrKey(idsOrKeys: string[]): Promise<InvoiceRow[]> {
      if (idsOrKeys.length === 0) return [];
      return db
        .select()
        .from(invoices)
        .where(or(inArray(invoices.id, idsOrKeys.map(numericId)), inArray(invoices.key, idsOrKeys)));
    },

    /** What the bill's summary and detail pages need besides the invoice row. */
    async billContext(invoice: InvoiceRow) {
      const [sections, company, customer, supplyRows] = await Promise.all([
        db
          .select()
          .from(invoiceSections)
          .where(eq(invoiceSections.invoiceId, invoice.id))
          .orderBy(asc(invoiceSections.position)),
        db.select().from(companies).where(eq(companies.code, invoice.companyCode)).limit(1),
        db
          .select({
            name: customers.name,
            customerCode: customers.customerCode,
            fiscalCode: customers.fiscalCode,
          })
          .from(customers)
          .where(eq(customers.id, invoice.customerId))
          .limit(1),
        db
          .select({
            id: supplies.id,
            key: supplies.key,
            commodity: supplies.commodity,
            pointCode: supplies.pointCode,
            address: sql<string>`${supplies.address} || ', ' || ${supplies.postalCode} || ' ' || ${supplies.locality} || ' (' || ${supplies.province} || ')'`,
          })
          .from(supplies)
          .where(eq(supplies.contractId, invoice.contractId))
          .orderBy(asc(supplies.id)),
      ]);
      return { sections, company: company[0], customer: customer[0], supplies: supplyRows };
    },

    /** Readings of the supplies from a little before the period to its end, oldest first. */
    async readingsAround(supplyIds: number[], from: string, to: string) {
      if (supplyIds.length === 0) return [];
      return db
        .select({
          supplyId: readings.supplyId,
          readingDate: readings.readingDate,
          source: readings.source,
          values: readings.values,
        })
        .from(readings)
        .where(
          and(
            inArray(readings.supplyId, supplyIds),
            sql`${readings.readingDate} >= ${from}`,
            lte(readings.readingDate, to),
          ),
        )
        .orderBy(asc(readings.readingDate));
    },

    async installments(filter: { invoiceId?: number; contractId?: number }): Promise<InstallmentRow[]> {
      return db
        .select()
        .from(installments)
        .where(
          and(
            filter.invoiceId === undefined ? undefined : eq(installments.invoiceId, filter.invoiceId),
            filter.contractId === undefined ? undefined : eq(installments.contractId, filter.contractId),
          ),
        )
        .orderBy(asc(installments.dueDate), asc(installments.number));
    },

    async installmentsByIds(
      tx: Db,
      ids: string[],
    ): Promise<(InstallmentRow & { customerId: number; invoiceNumber: string })[]> {
      if (ids.length === 0) return [];
      return tx
        .select({ ...installmentColumns, customerId: invoices.customerId, invoiceNumber: invoices.number })
        .from(installments)
        .innerJoin(invoices, eq(invoices.id, installments.invoiceId))
        .where(inArray(installments.id, ids.map(numericId)));
    },

    async hasInstallments(invoiceId: number): Promise<boolean> {
      return (await db.$count(installments, eq(installments.invoiceId, invoiceId))) > 0;
    },

    async moduleEnabled(companyCode: string, moduleKey: string): Promise<boolean> {
      const count = await db.$count(
        companyModules,
        and(
          eq(companyModules.companyCode, companyCode),
          eq(companyModules.moduleKey, moduleKey),
          eq(companyModules.enabled, true),
        ),
      );
      return count > 0;
    },

    async openInsolvencies(customerId: number) {
      return db
        .select()
        .from(insolvencies)
        .where(and(eq(insolvencies.customerId, customerId), eq(insolvencies.status, 'Aperta')))
        .orderBy(asc(insolvencies.sinceDate));
    },

    /**
     * Lowers what is still owed once a payment is confirmed, never below zero, and settles the
     * bill's level. `amounts` maps invoice id to cents paid on it.
     */
    async applyPaid(tx: Db, amounts: Map<number, number>): Promise<void> {
      for (const [id, cents] of amounts) {
        await tx
          .update(invoices)
          .set({
            outstandingCents: sql`greatest(${invoices.outstandingCents} - ${cents}, 0)`,
            paymentLevel: sql`case
              when ${invoices.outstandingCents} - ${cents} <= 0 then 'Paid'
              when ${invoices.paymentLevel} = 'Installments' then 'Installments'
              else 'PartiallyPaid' end`,
          })
          .where(eq(invoices.id, id));
      }
    },

    async markInstallmentsPaid(tx: Db, ids: number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(installments)
        .set({ toBePaid: false, paidAt: at })
        .where(and(inArray(installments.id, ids), eq(installments.toBePaid, true)));
    },
  };
}

const installmentColumns = {
  id: installments.id,
  invoiceId: installments.invoiceId,
  contractId: installments.contractId,
  number: installments.number,
  dueDate: installments.dueDate,
  amountCents: installments.amountCents,
  toBePaid: installments.toBePaid,
  paidAt: installments.paidAt,
};

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
