// SQL for invoices: a customer's list with its totals, one invoice, and what its Bolletta 2.0
// view needs (sections, supplies with their readings, brand, customer), plus installments and
// insolvencies.
import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey, byIdOrKeyPlaceholder, idOrKeyParams, numericId } from '@sportello/db/ids';
import { brandPropertySql, moduleEnabledSql } from '../settings/brand-sql.js';
import {
  companies,
  complaintSuspendedBills,
  complaints,
  billEInvoices,
  contracts,
  customers,
  insolvencies,
  installments,
  invoiceSections,
  invoices,
  paymentClaims,
  payments,
  offers,
  readings,
  requests,
  supplies,
} from '@sportello/db/schema';
import { REQUEST_TYPE } from '@sportello/domain';

/** The bills a yearly consumption counts: ordinary and closing bills, which bill each period once. */
const YEARLY_CONSUMPTION_BILL_TYPES = [1, 2] as const;

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InstallmentRow = typeof installments.$inferSelect;
/** What `billToPay` (packages/domain) needs beside the invoice row, read in the same statement. */
export type PayFacts = {
  directDebit: boolean;
  collectionSuspended: boolean;
  commodity: 'electricity' | 'gas' | 'heat';
  unpaidInstallments: readonly { number: number; amountCents: number; dueDate: string }[];
};
export type InvoiceWithContract = {
  invoice: InvoiceRow;
  contract: { id: number; key: string; number: string };
  paymentPending: boolean;
  payFacts: PayFacts;
};
export type InvoiceOrder = 'issueDate' | 'dueDate' | 'overdueFirst';

const contractColumns = { id: contracts.id, key: contracts.key, number: contracts.number };

/**
 * A payment of the bill completed on the gateway's page (the customer came back with OK) that the
 * gateway has not confirmed yet: its claim still holds the bill (ADR 025).
 */
export const paymentPending = sql<boolean>`exists (select 1 from ${paymentClaims} join ${payments} on ${payments.id} = ${paymentClaims.paymentId} where ${paymentClaims.invoiceId} = ${invoices.id} and ${payments.status} = 'Pending' and ${payments.userOutcome} = 'OK')`;

/**
 * A complaint not yet settled suspends the bill (the complaints module's rule, ADR 030, 063): it lists
 * the bill among those it suspends, and it is unanswered or its rectification is still due. What the
 * bill shows and what keeps payment reminders away (ADR 035), one fragment.
 */
export const collectionSuspended = (invoiceId: SQLWrapper | number) =>
  // Nested, not joined: in a one-table statement drizzle leaves column names unqualified, so each
  // subquery reads only its own table's columns.
  sql<boolean>`exists (select 1 from ${complaintSuspendedBills} where ${complaintSuspendedBills.invoiceId} = ${invoiceId} and ${complaintSuspendedBills.complaintId} in (select ${complaints.id} from ${complaints} where ${complaints.answeredAt} is null or (${complaints.rectificationDueDate} is not null and ${complaints.rectificationOutcome} is null)))`;

/**
 * The facts of a bill's payment, as columns of a statement that joins the bill's contract: its SEPA
 * mandate (the bill's payment block says direct debit whenever there is one), an open complaint
 * suspending it, the commodity its prescription is read by, its installments still to pay.
 */
export const payFactColumns = {
  directDebit: sql<boolean>`${contracts.banking} is not null`,
  collectionSuspended: collectionSuspended(invoices.id),
  commodity: sql<
    PayFacts['commodity']
  >`coalesce((select ${supplies.commodity} from ${supplies} where ${supplies.contractId} = ${invoices.contractId} order by ${supplies.id} limit 1), 'electricity')`,
  unpaidInstallments: sql<
    PayFacts['unpaidInstallments']
  >`coalesce((select json_agg(json_build_object('number', ${installments.number}, 'amountCents', ${installments.amountCents}, 'dueDate', ${installments.dueDate}) order by ${installments.number}) from ${installments} where ${installments.invoiceId} = ${invoices.id} and ${installments.toBePaid}), '[]'::json)`,
};
export const payFactsOf = (row: { [K in keyof typeof payFactColumns]: PayFacts[K] }): PayFacts => ({
  directDebit: row.directDebit,
  collectionSuspended: row.collectionSuspended,
  commodity: row.commodity,
  unpaidInstallments: row.unpaidInstallments,
});

/** A configuration property of the bill's brand (its bank details for a transfer), null where unset. */
const brandProperty = (name: string) => brandPropertySql(invoices.companyCode, name);

/** Day (Europe/Rome) the open installment request of the bill was sent, if one is open. */
const installmentRequestedOn = sql<
  string | null
>`(select to_char(min(${requests.createdDate}) at time zone 'Europe/Rome', 'YYYY-MM-DD') from ${requests} where ${requests.requestType} = ${REQUEST_TYPE.installments} and ${requests.status} <> 'Chiuso' and ${requests.payload}->>'invoiceId' = ${invoices.id}::text)`;

type ListOptions = {
  outstandingOnly: boolean;
  typeCodes: number[] | null;
  /** A contract of the customer (id or key), and a year of issue. */
  contractId: string | null;
  year: number | null;
  orderBy: InvoiceOrder;
  today: string;
  skip: number;
  take: number;
};
type InvoiceList = {
  count: number;
  outstandingCents: number;
  overdueCount: number;
  rows: InvoiceWithContract[];
  /** The session read with the page, when a session asked. */
};

// The list's varying parts are placeholders, so one statement per order serves every request.
// isBillOverdue (packages/domain) in SQL, so the order and the flag agree.
const overdue = sql<boolean>`(${invoices.outstandingCents} > 0 and ${invoices.dueDate} < ${sql.placeholder('today')})`;
const ORDER: Record<InvoiceOrder, SQL[]> = {
  issueDate: [desc(invoices.issueDate)],
  dueDate: [desc(invoices.dueDate)],
  overdueFirst: [desc(overdue), desc(invoices.issueDate)],
};

/** Totals over every matching row: window aggregates in the list, plain ones for a page past the end. */
function totalColumns(window: boolean) {
  const over = window ? sql` over ()` : sql``;
  return {
    count: sql<number>`count(*)${over}`.mapWith(Number),
    // Only positive balances are owed; a credit note does not lower what is still to pay.
    outstandingCents: sql<number>`coalesce(sum(greatest(${invoices.outstandingCents}, 0))${over}, 0)`.mapWith(
      Number,
    ),
    overdueCount: sql<number>`count(*) filter (where ${overdue})${over}`.mapWith(Number),
  };
}

type Filters = Pick<ListOptions, 'typeCodes' | 'contractId' | 'year'>;
const filtered = (f: Filters) => Boolean(f.typeCodes || f.contractId || f.year);

const listWhere = (customer: SQL, f: Filters) =>
  and(
    customer,
    sql`(not ${sql.placeholder('outstandingOnly')} or ${invoices.outstandingCents} > 0)`,
    f.typeCodes ? inArray(invoices.invoiceTypeCode, f.typeCodes) : undefined,
    f.contractId
      ? inArray(
          invoices.contractId,
          sql`(select ${contracts.id} from ${contracts} where ${byIdOrKey(contracts.id, contracts.key, f.contractId)})`,
        )
      : undefined,
    f.year
      ? and(
          sql`${invoices.issueDate} >= ${`${f.year}-01-01`}`,
          sql`${invoices.issueDate} <= ${`${f.year}-12-31`}`,
        )
      : undefined,
  );

const listParams = (options: ListOptions) => ({
  outstandingOnly: options.outstandingOnly,
  today: options.today,
  skip: options.skip,
  take: options.take,
});

export function createInvoicesRepository(db: Db) {
  /** The invoice's customer is the one given by id or key. */
  const ofCustomer = inArray(
    invoices.customerId,
    db.select({ id: customers.id }).from(customers).where(byIdOrKeyPlaceholder(customers.id, customers.key)),
  );
  const listStatement = (customer: SQL, orderBy: InvoiceOrder, f: Filters) =>
    db
      .select({
        invoice: invoices,
        contract: contractColumns,
        paymentPending,
        ...payFactColumns,
        ...totalColumns(true),
      })
      .from(invoices)
      .innerJoin(contracts, eq(contracts.id, invoices.contractId))
      .where(listWhere(customer, f))
      .orderBy(...ORDER[orderBy], desc(invoices.id))
      .limit(sql.placeholder('take'))
      .offset(sql.placeholder('skip'));
  const preparedLists = Object.fromEntries(
    Object.keys(ORDER).map((order) => [
      order,
      listStatement(ofCustomer, order as InvoiceOrder, {
        typeCodes: null,
        contractId: null,
        year: null,
      }).prepare(`invoices_list_${order}`),
    ]),
  ) as Record<InvoiceOrder, ReturnType<ReturnType<typeof listStatement>['prepare']>>;

  const findDetailedBy = (match: SQL | undefined, name: string) =>
    db
      .select({
        invoice: invoices,
        contract: contractColumns,
        paymentPending,
        ...payFactColumns,
        installmentRequestedOn,
        // What the bill answers about paying it offline, read in the same statement.
        payEnabled: moduleEnabledSql(invoices.companyCode, 'pay'),
        bankIban: brandProperty('Payment_iban'),
        bankBeneficiary: brandProperty('Payment_beneficiary'),
        hasInstallments: sql<boolean>`exists (select 1 from ${installments} where ${installments.invoiceId} = ${invoices.id})`,
        // Whether the ERP sent its electronic invoice's XML (ADR 067), read in the same statement.
        hasEInvoiceXml: sql<boolean>`exists (select 1 from ${billEInvoices} where ${billEInvoices.invoiceId} = ${invoices.id})`,
      })
      .from(invoices)
      .innerJoin(contracts, eq(contracts.id, invoices.contractId))
      .where(match)
      .limit(1)
      .prepare(name);
  const findDetailedById = findDetailedBy(
    byIdOrKeyPlaceholder(invoices.id, invoices.key),
    'invoice_detailed',
  );
  // An ERP key is unique within its brand only: the session's brand's bill.
  const findDetailedByExtKey = findDetailedBy(
    and(
      eq(invoices.extKey, sql.placeholder('idOrKey')),
      eq(invoices.companyCode, sql.placeholder('companyCode')),
    ),
    'invoice_detailed_ext',
  );

  return {
    /**
     * One page plus the totals over every matching invoice, of a customer (id or key), in one
     * statement: the totals are window aggregates computed before LIMIT/OFFSET (index
     * invoices_customer_idx). Without filters the statement is prepared. No row answers `undefined`:
     * the caller tells an unknown customer from an empty page with `totalsByCustomer`.
     */
    async listOfCustomer(customerIdOrKey: string, options: ListOptions): Promise<InvoiceList | undefined> {
      const params = { ...idOrKeyParams(customerIdOrKey), ...listParams(options) };
      const rows = filtered(options)
        ? await listStatement(ofCustomer, options.orderBy, options).execute(params)
        : await preparedLists[options.orderBy].execute(params);
      const [first] = rows;
      if (!first) return undefined;
      return {
        count: first.count,
        outstandingCents: first.outstandingCents,
        overdueCount: first.overdueCount,
        rows: rows.map((row) => ({
          invoice: row.invoice,
          contract: row.contract,
          paymentPending: row.paymentPending,
          payFacts: payFactsOf(row),
        })),
      };
    },

    /** The totals alone, for a page past the end (it has no row to carry them). */
    async totalsByCustomer(customerId: number, options: ListOptions) {
      const [totals] = await db
        .select(totalColumns(false))
        .from(invoices)
        .where(listWhere(eq(invoices.customerId, customerId), options))
        .execute(listParams(options));
      return totals ?? { count: 0, outstandingCents: 0, overdueCount: 0 };
    },

    /** Every bill of a customer still owed, with its pay facts: what the list's `toPay` totals are summed over. */
    async owedOfCustomer(customerId: number) {
      const rows = await db
        .select({ invoice: invoices, paymentPending, ...payFactColumns })
        .from(invoices)
        .innerJoin(contracts, eq(contracts.id, invoices.contractId))
        .where(and(eq(invoices.customerId, customerId), sql`${invoices.outstandingCents} > 0`));
      return rows.map((row) => ({
        invoice: row.invoice,
        paymentPending: row.paymentPending,
        payFacts: payFactsOf(row),
      }));
    },

    /**
     * By id or key, or by the ERP's key (useExtKey), with what its detail answers about paying it and
     * whether it has installments: one prepared statement.
     */
    async findDetailed(idOrKey: string, ext: { companyCode: string } | null) {
      const [row] = await (ext
        ? findDetailedByExtKey.execute({ idOrKey, companyCode: ext.companyCode })
        : findDetailedById.execute(idOrKeyParams(idOrKey)));
      return row && { ...row, payFacts: payFactsOf(row) };
    },

    /** A bill's FatturaPA XML (ADR 067), or undefined when the ERP sent none. */
    async eInvoiceXml(invoiceId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ xml: billEInvoices.xml })
        .from(billEInvoices)
        .where(eq(billEInvoices.invoiceId, invoiceId));
      return row?.xml;
    },

    async insert(values: NewInvoiceRow): Promise<InvoiceRow> {
      const [row] = await db.insert(invoices).values(values).returning();
      return row!;
    },

    /** By id or key, or by the ERP's key (useExtKey). */
    async find(idOrKey: string, useExtKey = false): Promise<InvoiceWithContract | undefined> {
      const match = useExtKey ? eq(invoices.extKey, idOrKey) : byIdOrKey(invoices.id, invoices.key, idOrKey);
      const [row] = await db
        .select({ invoice: invoices, contract: contractColumns, paymentPending, ...payFactColumns })
        .from(invoices)
        .innerJoin(contracts, eq(contracts.id, invoices.contractId))
        .where(match)
        .limit(1);
      return (
        row && {
          invoice: row.invoice,
          contract: row.contract,
          paymentPending: row.paymentPending,
          payFacts: payFactsOf(row),
        }
      );
    },

    /** Bills by id or key with their pay facts: what a payment of them may ask (`billToPay`). */
    async findManyWithPayFacts(idsOrKeys: string[]) {
      if (idsOrKeys.length === 0) return [];
      const rows = await db
        .select({ invoice: invoices, paymentPending, ...payFactColumns })
        .from(invoices)
        .innerJoin(contracts, eq(contracts.id, invoices.contractId))
        .where(or(inArray(invoices.id, idsOrKeys.map(numericId)), inArray(invoices.key, idsOrKeys)));
      return rows.map((row) => ({
        invoice: row.invoice,
        paymentPending: row.paymentPending,
        payFacts: payFactsOf(row),
      }));
    },

    /** `executor`: a transaction to read in (PGlite has one connection). */
    async findManyByIdOrKey(idsOrKeys: string[], executor: Db = db): Promise<InvoiceRow[]> {
      if (idsOrKeys.length === 0) return [];
      return executor
        .select()
        .from(invoices)
        .where(or(inArray(invoices.id, idsOrKeys.map(numericId)), inArray(invoices.key, idsOrKeys)));
    },

    /** The other bills of an invoice's contract, of the given types, newest period first. */
    async sameContractBills(
      invoice: InvoiceRow,
      typeCodes: readonly number[],
    ): Promise<InvoiceWithContract[]> {
      const rows = await db
        .select({ invoice: invoices, contract: contractColumns, paymentPending, ...payFactColumns })
        .from(invoices)
        .innerJoin(contracts, eq(contracts.id, invoices.contractId))
        .where(
          and(
            eq(invoices.contractId, invoice.contractId),
            sql`${invoices.id} <> ${invoice.id}`,
            inArray(invoices.invoiceTypeCode, [...typeCodes]),
          ),
        )
        .orderBy(desc(invoices.periodEnd), desc(invoices.id));
      return rows.map((row) => ({
        invoice: row.invoice,
        contract: row.contract,
        paymentPending: row.paymentPending,
        payFacts: payFactsOf(row),
      }));
    },

    /** What the bill's summary and detail pages need besides the invoice row. */
    async billContext(invoice: InvoiceRow) {
      const [sections, company, customer, supplyRows, contract] = await Promise.all([
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
            nickname: supplies.nickname,
            address: sql<string>`${supplies.address} || ', ' || ${supplies.postalCode} || ' ' || ${supplies.locality} || ' (' || ${supplies.province} || ')'`,
            offerName: offers.name,
            offerEndsOn: supplies.offerEndsOn,
            offer: {
              code: offers.extKey,
              priceType: offers.priceType,
              prices: offers.prices,
              conditions: offers.conditions,
              market: offers.market,
            },
          })
          .from(supplies)
          .leftJoin(offers, eq(offers.id, supplies.offerId))
          .where(eq(supplies.contractId, invoice.contractId))
          .orderBy(asc(supplies.id)),
        db
          .select({
            banking: contracts.banking,
            disputed: collectionSuspended(invoice.id),
            payOnline: moduleEnabledSql(sql`${invoice.companyCode}`, 'pay'),
          })
          .from(contracts)
          .where(eq(contracts.id, invoice.contractId))
          .limit(1),
      ]);
      return {
        sections,
        company: company[0],
        customer: customer[0],
        supplies: supplyRows,
        banking: contract[0]?.banking ?? null,
        disputed: contract[0]?.disputed === true,
        payOnline: contract[0]?.payOnline === true,
      };
    },

    /**
     * The energy sections of the contract's ordinary and closing bills (not cancelled) whose period
     * lies between `from` and `to`: what the front page's yearly consumption is counted from.
     */
    async billedEnergyOfContract(contractId: number, from: string, to: string) {
      const rows = await db
        .select({
          invoiceId: invoices.id,
          periodStart: invoices.periodStart,
          periodEnd: invoices.periodEnd,
          title: invoiceSections.title,
          lines: invoiceSections.lines,
        })
        .from(invoices)
        .innerJoin(invoiceSections, eq(invoiceSections.invoiceId, invoices.id))
        .where(
          and(
            eq(invoices.contractId, contractId),
            inArray(invoices.invoiceTypeCode, [...YEARLY_CONSUMPTION_BILL_TYPES]),
            isNull(invoices.cancelledAt),
            sql`${invoices.periodStart} >= ${from}`,
            lte(invoices.periodEnd, to),
          ),
        )
        .orderBy(asc(invoices.id), asc(invoiceSections.position));
      const bills = new Map<
        number,
        {
          periodStart: string | null;
          periodEnd: string | null;
          sections: { title: string; lines: (typeof rows)[number]['lines'] }[];
        }
      >();
      for (const row of rows) {
        const bill = bills.get(row.invoiceId) ?? {
          periodStart: row.periodStart,
          periodEnd: row.periodEnd,
          sections: [],
        };
        bill.sections.push({ title: row.title, lines: row.lines });
        bills.set(row.invoiceId, bill);
      }
      return [...bills.values()];
    },

    /** Readings of the supplies on the given days (a bill's bounds, and its comparison bills'). */
    async readingsOn(supplyIds: number[], days: string[]) {
      if (supplyIds.length === 0 || days.length === 0) return [];
      return db
        .select({
          supplyId: readings.supplyId,
          readingDate: readings.readingDate,
          source: readings.source,
          values: readings.values,
        })
        .from(readings)
        .where(and(inArray(readings.supplyId, supplyIds), inArray(readings.readingDate, [...new Set(days)])))
        .orderBy(asc(readings.readingDate), asc(readings.id));
    },

    /**
     * The contract's other standing bills of the given types, not credits, that end before `invoice`
     * starts: those a bill's difference is explained against (ADR 070), without their lines.
     */
    async billsBefore(invoice: InvoiceRow, typeCodes: readonly number[]) {
      if (!invoice.periodStart) return [];
      return db
        .select({
          id: invoices.id,
          number: invoices.number,
          invoiceTypeCode: invoices.invoiceTypeCode,
          periodStart: invoices.periodStart,
          periodEnd: invoices.periodEnd,
        })
        .from(invoices)
        .where(
          and(
            eq(invoices.contractId, invoice.contractId),
            inArray(invoices.invoiceTypeCode, [...typeCodes]),
            isNull(invoices.cancelledAt),
            // A credit (a compensation, a reversal) is no period's bill to compare with.
            sql`${invoices.amountCents} > 0`,
            sql`${invoices.periodEnd} < ${invoice.periodStart}`,
          ),
        );
    },

    /** The detail sections of some bills, by bill and position. */
    async sectionsOf(invoiceIds: number[]) {
      if (invoiceIds.length === 0) return [];
      return db
        .select()
        .from(invoiceSections)
        .where(inArray(invoiceSections.invoiceId, invoiceIds))
        .orderBy(asc(invoiceSections.invoiceId), asc(invoiceSections.position));
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
      return (
        tx
          .select({ ...installmentColumns, customerId: invoices.customerId, invoiceNumber: invoices.number })
          .from(installments)
          .innerJoin(invoices, eq(invoices.id, installments.invoiceId))
          // A cancelled bill's installments are not paid any more (ADR 056).
          .where(and(inArray(installments.id, ids.map(numericId)), isNull(invoices.cancelledAt)))
      );
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
     * bill's level. `amounts` maps invoice id to cents paid on it; a negative amount (a direct debit
     * returned unpaid, ADR 040) owes it again, never beyond the bill's amount.
     */
    async applyPaid(tx: Db, amounts: Map<number, number>): Promise<void> {
      for (const [id, cents] of amounts) {
        const owed = sql`least(greatest(${invoices.outstandingCents} - ${cents}, 0), greatest(${invoices.amountCents}, 0))`;
        await tx
          .update(invoices)
          .set({
            outstandingCents: owed,
            paymentLevel: sql`case
              when ${owed} <= 0 then 'Paid'
              when ${invoices.paymentLevel} = 'Installments' then 'Installments'
              when ${owed} >= ${invoices.amountCents} then 'Unpaid'
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
