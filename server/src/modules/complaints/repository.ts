// SQL of complaints: a customer's list and one complaint with the supply, bills and attachments they
// name; the supply and bill a new complaint is about; the customer a logged-out form names; inserting
// a complaint with its attachments' links. Other modules' rows are only read here.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@sportello/db/client';
import { byIdOrKey } from '@sportello/db/ids';
import { erpKeyOf } from '../../platform/events/erp-keys.js';
import { recordEvent } from '../../platform/events/outbox.js';
import {
  companies,
  complaintAttachments,
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

    /** The logged-out form's customer: brand, client code, fiscal code (any case) and POD/PDR agree. */
    async guestSupply(companyCode: string, clientCode: string, fiscalCode: string, pointCode: string) {
      const [row] = await db
        .select({ id: supplies.id, customerId: supplies.customerId, contractId: supplies.contractId })
        .from(supplies)
        .innerJoin(customers, eq(customers.id, supplies.customerId))
        .where(
          and(
            eq(customers.companyCode, companyCode),
            eq(customers.customerCode, clientCode),
            sql`upper(${customers.fiscalCode}) = ${fiscalCode.toUpperCase()}`,
            sql`upper(${supplies.pointCode}) = ${pointCode.toUpperCase()}`,
          ),
        )
        .limit(1);
      return row;
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
     * Records the complaint, then its attachments, kept by `storeFiles` in the same transaction (the
     * documents module's, ADR 029), and links them: all or nothing.
     */
    async insert(
      values: NewComplaint,
      year: number,
      storeFiles: (tx: Db) => Promise<{ documentId: number; fileName: string }[]>,
    ): Promise<{ id: number; key: string }> {
      return db.transaction(async (tx) => {
        const key = `RCL-${year}-${randomBytes(3).toString('hex').toUpperCase()}`;
        const [row] = await tx
          .insert(complaints)
          .values({ ...values, key })
          .returning({ id: complaints.id, key: complaints.key });
        const files = await storeFiles(tx as unknown as Db);
        if (files.length > 0) {
          await tx.insert(complaintAttachments).values(files.map((f) => ({ complaintId: row!.id, ...f })));
        }
        // The supplier's systems hear of it with the complaint itself (ADR 036's outbox).
        const [named] = await tx
          .select({
            pointCode: supplies.pointCode,
            invoiceNumber: invoices.number,
            outstandingCents: invoices.outstandingCents,
            dueDate: invoices.dueDate,
            directDebit: sql<boolean>`exists (select 1 from ${contracts} where ${contracts.id} = ${invoices.contractId} and ${contracts.banking} is not null)`,
          })
          .from(supplies)
          .leftJoin(invoices, values.invoiceId ? eq(invoices.id, values.invoiceId) : sql`false`)
          .where(eq(supplies.id, values.supplyId));
        await recordEvent(tx as unknown as Db, {
          companyCode: values.companyCode,
          customerId: values.customerId,
          kind: 'complaint.filed',
          entityKey: row!.key,
          payload: {
            complaintKey: row!.key,
            category: values.category,
            pointCode: named?.pointCode ?? null,
            supplyId: values.supplyId,
            supplyExtKey: await erpKeyOf(tx as unknown as Db, 'supply', values.supplyId),
            invoiceNumber: named?.invoiceNumber ?? null,
            billId: values.invoiceId ?? null,
            billExtKey: await erpKeyOf(tx as unknown as Db, 'bill', values.invoiceId),
            dueDate: values.dueDate,
            suspendsCollection: values.suspendsCollection ?? false,
            channel: values.channel === 'guest' ? 'guest' : 'user',
          },
        });
        // What is suspended is not collected either: the bank must not take it meanwhile.
        if (
          values.suspendsCollection &&
          named?.invoiceNumber &&
          named.directDebit &&
          (named.outstandingCents ?? 0) > 0
        )
          await recordEvent(tx as unknown as Db, {
            companyCode: values.companyCode,
            customerId: values.customerId,
            kind: 'invoice.leftOutOfDebit',
            entityKey: row!.key,
            payload: {
              invoiceNumber: named.invoiceNumber,
              reason: 'complaint',
              amountCents: named.outstandingCents ?? 0,
              dueDate: named.dueDate ?? '',
            },
          });
        return row!;
      });
    },
  };
}

export type ComplaintsRepository = ReturnType<typeof createComplaintsRepository>;
