// SQL of complaints: a customer's list and one complaint with the supply, bills and attachments they
// name and the bills whose collection it suspends; the supply and bills a new complaint is about; the
// holder a logged-out form names; inserting a complaint with its links and its events; the complaint a
// logged-out sender looks up. Other modules' rows are only read here.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@sportello/db/client';
import { byIdOrKey } from '@sportello/db/ids';
import { erpKeyOf } from '../../platform/events/erp-keys.js';
import { recordEvent } from '../../platform/events/outbox.js';
import {
  companies,
  complaintAttachments,
  complaintSuspendedBills,
  complaints,
  contracts,
  customers,
  documents,
  invoices,
  supplies,
} from '@sportello/db/schema';

const compensationInvoices = alias(invoices, 'compensation_invoices');

const complaintColumns = {
  complaint: complaints,
  supply: {
    key: supplies.key,
    commodity: supplies.commodity,
    pointCode: supplies.pointCode,
    address: sql<string>`${supplies.address} || ', ' || ${supplies.postalCode} || ' ' || ${supplies.locality}`,
  },
  invoiceKey: invoices.key,
  invoiceNumber: invoices.number,
  compensationKey: compensationInvoices.key,
  compensationNumber: compensationInvoices.number,
};

export type ComplaintRow = Awaited<ReturnType<ComplaintsRepository['find']>> & {};
export type NewComplaint = Omit<typeof complaints.$inferInsert, 'id' | 'key'>;

/** A new complaint's number, the customer's receipt: RCL-<year>-<6 hex>. */
export const newComplaintKey = (year: string) =>
  `RCL-${year}-${randomBytes(3).toString('hex').toUpperCase()}`;

/** Drops accents and case, so "Rossi", "ROSSI" and "Rossì" compare alike. */
const folded = (value: SQLWrapper | string) =>
  sql`translate(lower(${value}), 'àáâäèéêëìíîïòóôöùúûü', 'aaaaeeeeiiiioooouuuu')`;

export function createComplaintsRepository(db: Db) {
  const withNames = () =>
    db
      .select(complaintColumns)
      .from(complaints)
      .innerJoin(supplies, eq(supplies.id, complaints.supplyId))
      .leftJoin(invoices, eq(invoices.id, complaints.invoiceId))
      .leftJoin(compensationInvoices, eq(compensationInvoices.id, complaints.compensationInvoiceId));

  async function attachmentsOf(complaintIds: number[]) {
    if (complaintIds.length === 0) return [];
    return db
      .select({
        complaintId: complaintAttachments.complaintId,
        documentId: complaintAttachments.documentId,
        fileName: complaintAttachments.fileName,
        contentType: documents.contentType,
      })
      .from(complaintAttachments)
      .innerJoin(documents, eq(documents.id, complaintAttachments.documentId))
      .where(inArray(complaintAttachments.complaintId, complaintIds));
  }

  return {
    attachmentsOf,

    async listByCustomer(customerId: number) {
      return withNames()
        .where(eq(complaints.customerId, customerId))
        .orderBy(desc(complaints.filedAt), desc(complaints.id));
    },

    async find(idOrKey: string) {
      const [row] = await withNames()
        .where(byIdOrKey(complaints.id, complaints.key, idOrKey))
        .limit(1);
      return row;
    },

    /** The supply a complaint names, with its customer and brand. */
    async supply(idOrKey: string) {
      const [row] = await db
        .select({
          id: supplies.id,
          customerId: supplies.customerId,
          contractId: supplies.contractId,
          companyCode: customers.companyCode,
        })
        .from(supplies)
        .innerJoin(customers, eq(customers.id, supplies.customerId))
        .where(byIdOrKey(supplies.id, supplies.key, idOrKey))
        .limit(1);
      return row;
    },

    /**
     * The logged-out form's supply: in the brand, by its POD/PDR (any case) or the holder's client code,
     * and the holder's name holds the surname given (accents and case aside). Anyone may know a POD:
     * the surname keeps a stranger from filing in another holder's name.
     */
    async guestSupply(
      companyCode: string,
      sender: { pointCode: string | null; customerCode: string | null; lastName: string },
    ) {
      const named = sender.pointCode
        ? sql`upper(${supplies.pointCode}) = ${sender.pointCode.toUpperCase()}`
        : eq(customers.customerCode, sender.customerCode ?? '');
      const [row] = await db
        .select({ id: supplies.id, customerId: supplies.customerId, contractId: supplies.contractId })
        .from(supplies)
        .innerJoin(customers, eq(customers.id, supplies.customerId))
        .where(
          and(
            eq(customers.companyCode, companyCode),
            named,
            sql`position(${folded(sender.lastName.trim())} in ${folded(customers.name)}) > 0`,
          ),
        )
        .orderBy(supplies.id)
        .limit(1);
      return row;
    },

    /** The contract's bills still owed: what a complaint about readings or estimates concerns. */
    async owedBills(contractId: number) {
      return db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.contractId, contractId), gt(invoices.outstandingCents, 0)));
    },

    /** The bills each complaint suspends the collection of. */
    async suspendedBillsOf(complaintIds: number[]) {
      if (complaintIds.length === 0) return [];
      return db
        .select({
          complaintId: complaintSuspendedBills.complaintId,
          key: invoices.key,
          number: invoices.number,
        })
        .from(complaintSuspendedBills)
        .innerJoin(invoices, eq(invoices.id, complaintSuspendedBills.invoiceId))
        .where(inArray(complaintSuspendedBills.complaintId, complaintIds))
        .orderBy(invoices.issueDate);
    },

    /** A brand's complaint by its number, for the logged-out lookup (the caller compares its code). */
    async byBrandAndKey(companyCode: string, key: string) {
      const [row] = await withNames()
        .where(and(eq(complaints.companyCode, companyCode), eq(complaints.key, key)))
        .limit(1);
      return row;
    },

    /** Links a complaint to the documents its attachments were kept as. */
    async linkAttachments(tx: Db, complaintId: number, files: { documentId: number; fileName: string }[]) {
      if (files.length > 0)
        await tx.insert(complaintAttachments).values(files.map((f) => ({ complaintId, ...f })));
    },

    /** A bill of the contract by its printed number. */
    async invoiceByNumber(contractId: number, number: string) {
      const [row] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.contractId, contractId), eq(invoices.number, number)))
        .limit(1);
      return row;
    },

    /** The brand a PDF is drawn in. */
    async brand(companyCode: string) {
      const [row] = await db
        .select({
          name: companies.name,
          legalName: companies.legalName,
          primaryColor: companies.primaryColor,
          helpPhone: companies.helpPhone,
        })
        .from(companies)
        .where(eq(companies.code, companyCode));
      return row;
    },

    /**
     * Records the complaint, the bills whose collection it suspends, then what `within` keeps in the
     * same transaction (its attachments through the documents module, ADR 029; its receipt mail): all
     * or nothing. The supplier's systems hear of it in the same transaction (ADR 036's outbox), and of
     * every suspended bill the bank would debit, to leave it out of the debit file (ADR 052).
     */
    async insert(
      values: NewComplaint & { key: string },
      suspendedInvoiceIds: number[],
      within: (tx: Db, complaint: { id: number; key: string }) => Promise<void>,
    ): Promise<{ id: number; key: string }> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const [inserted] = await tx
          .insert(complaints)
          .values(values)
          .returning({ id: complaints.id, key: complaints.key });
        const row = inserted!;
        if (suspendedInvoiceIds.length > 0)
          await tx
            .insert(complaintSuspendedBills)
            .values(suspendedInvoiceIds.map((invoiceId) => ({ complaintId: row.id, invoiceId })));
        await within(tx, row);
        const [supply] = await tx
          .select({ pointCode: supplies.pointCode })
          .from(supplies)
          .where(eq(supplies.id, values.supplyId));
        const billIds = [...suspendedInvoiceIds, ...(values.invoiceId ? [values.invoiceId] : [])];
        const bills =
          billIds.length === 0
            ? []
            : await tx
                .select({
                  id: invoices.id,
                  number: invoices.number,
                  outstandingCents: invoices.outstandingCents,
                  dueDate: invoices.dueDate,
                  directDebit: sql<boolean>`exists (select 1 from ${contracts} where ${contracts.id} = ${invoices.contractId} and ${contracts.banking} is not null)`,
                })
                .from(invoices)
                .where(inArray(invoices.id, billIds))
                .orderBy(invoices.issueDate);
        const named = bills.find((b) => b.id === values.invoiceId);
        const suspended = bills.filter((b) => suspendedInvoiceIds.includes(b.id));
        const sender = values.guestSender
          ? {
              firstName: values.guestSender.firstName,
              lastName: values.guestSender.lastName,
              supplyAddress: values.guestSender.supplyAddress,
              commodity: values.guestSender.commodity,
              email: values.contactEmail ?? '',
            }
          : null;
        await recordEvent(tx, {
          companyCode: values.companyCode,
          customerId: values.customerId,
          kind: 'complaint.filed',
          entityKey: row.key,
          payload: {
            complaintKey: row.key,
            category: values.category,
            pointCode: supply?.pointCode ?? null,
            supplyId: values.supplyId,
            supplyExtKey: await erpKeyOf(tx, 'supply', values.supplyId),
            invoiceNumber: named?.number ?? null,
            billId: values.invoiceId ?? null,
            billExtKey: await erpKeyOf(tx, 'bill', values.invoiceId),
            dueDate: values.dueDate,
            rectificationDueDate: values.rectificationDueDate ?? null,
            suspendsCollection: suspended.length > 0,
            suspendedInvoiceNumbers: suspended.map((b) => b.number),
            channel: values.channel === 'guest' ? 'guest' : 'user',
            sender,
          },
        });
        // What is suspended is not collected either: the bank must not take it meanwhile.
        for (const bill of suspended.filter((b) => b.directDebit && b.outstandingCents > 0))
          await recordEvent(tx, {
            companyCode: values.companyCode,
            customerId: values.customerId,
            kind: 'invoice.leftOutOfDebit',
            entityKey: row.key,
            payload: {
              invoiceNumber: bill.number,
              reason: 'complaint',
              amountCents: bill.outstandingCents,
              dueDate: bill.dueDate,
            },
          });
        return row;
      });
    },
  };
}

export type ComplaintsRepository = ReturnType<typeof createComplaintsRepository>;
