// A bill as the ERP sends it (the integration module's import, ADR 036): its row, its sections and its
// installments, its amount their sum and its payment level from what is owed (the row builder the demo
// uses too, so a loaded bill obeys the rules a demo bill does: ADR 024). The first load notifies
// (service.ts).
import { billAmountCents, billDocument, romeWallClock, type BillSection } from '@sportello/domain';
import { anyOf, idArray, textArray } from '@sportello/db/arrays';
import { and, eq, sql, type InferInsertModel } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { billEInvoices, installments, invoiceSections, invoices, paymentClaims } from '@sportello/db/schema';
import { invoiceRow, type InvoiceSpec } from '@sportello/db/rows';
import { insertMany, insertWithIds } from '../../platform/insert-many.js';

/** An installment of a bill's plan as the ERP sends it; `paidOn` a Rome calendar day, null: to pay. */
export interface ErpInstallment {
  number: number;
  dueDate: string;
  amountCents: number;
  paidOn: string | null;
}

export type ErpBill = Omit<InvoiceSpec, 'amountCents' | 'outstandingCents' | 'paymentLevel'> & {
  extKey: string;
  sections: readonly BillSection[];
  /** What is still owed; unless given, the unpaid installments' sum, or the whole amount. */
  outstandingCents?: number | undefined;
  /** The plan, numbered 1…n, adding up to the amount (the integration module checked both); may be empty. */
  installments: readonly ErpInstallment[];
  /**
   * Its electronic invoice (ADR 067), checked by the integration module; null: none sent with this
   * version, and the one held stays.
   */
  eInvoice: { sdiId: string | null; xml: string } | null;
};

/** What a plan leaves to pay. */
const unpaidCents = (plan: readonly ErpInstallment[]) =>
  plan.reduce((sum, i) => sum + (i.paidOn === null ? i.amountCents : 0), 0);

/**
 * The bill's row: its amount the sum of its sections, owing `owed` (never more than the amount). A
 * bill in installments is due, as a whole, by its last one: its own due date is when it becomes
 * overdue, which lists, reminders and the status read; the bill's page names the next installment.
 */
function billValues(bill: ErpBill, owed: number | undefined) {
  const { sections, outstandingCents: _owed, installments: plan, eInvoice, ...fields } = bill;
  // An SdI identifier, once given, stays: a version without one leaves the row's as it is.
  const spec = eInvoice?.sdiId ? { ...fields, sdiId: eInvoice.sdiId } : fields;
  const amountCents = billAmountCents(sections);
  const outstandingCents = Math.min(
    owed ?? (plan.length > 0 ? unpaidCents(plan) : amountCents),
    Math.max(amountCents, 0),
  );
  if (plan.length === 0) return invoiceRow({ ...spec, amountCents, outstandingCents });
  return invoiceRow({
    ...spec,
    amountCents,
    outstandingCents,
    dueDate: plan.map((i) => i.dueDate).reduce((last, due) => (due > last ? due : last)),
    // Paid off, it is paid like any bill.
    ...(outstandingCents > 0 ? { paymentLevel: 'Installments' as const } : {}),
  });
}

const sectionRows = (invoiceId: number, sections: readonly BillSection[]) =>
  sections.map((section, position) => ({
    invoiceId,
    position,
    title: section.title,
    lines: section.lines.map((l) => ({
      label: l.label,
      quantity: l.quantity,
      ...(l.units === undefined ? {} : { units: l.units }),
      amountCents: l.amountCents,
    })),
    totalCents: section.totalCents,
  }));

/** The bill's FatturaPA XML, stored or replaced (a newer version's), in the caller's transaction. */
async function saveEInvoice(tx: Db, invoiceId: number, bill: ErpBill) {
  if (!bill.eInvoice) return;
  const row = { invoiceId, xml: bill.eInvoice.xml, receivedAt: sql`now()` };
  await tx
    .insert(billEInvoices)
    .values(row)
    .onConflictDoUpdate({
      target: billEInvoices.invoiceId,
      set: { xml: row.xml, receivedAt: row.receivedAt },
    });
}

/** The plan's rows, on the bill's contract; one paid is paid at noon, Rome time, of its day. */
const installmentRows = (
  invoiceId: number,
  bill: ErpBill,
): Omit<InferInsertModel<typeof installments>, 'id'>[] =>
  bill.installments.map((i) => ({
    invoiceId,
    contractId: bill.contractId,
    number: i.number,
    dueDate: i.dueDate,
    amountCents: i.amountCents,
    toBePaid: i.paidOn === null,
    paidAt: i.paidOn === null ? null : romeWallClock(i.paidOn, 12),
  }));

/** Whether the customer is paying one of the bill's installments in the portal (a payment open at the gateway). */
export async function installmentsBeingPaid(tx: Db, invoiceId: number) {
  const [claimed] = await tx
    .select({ id: paymentClaims.installmentId })
    .from(paymentClaims)
    .innerJoin(installments, eq(installments.id, paymentClaims.installmentId))
    .where(eq(installments.invoiceId, invoiceId))
    .limit(1);
  return claimed !== undefined;
}

/**
 * Replaces a bill's plan with the ERP's newer one: each installment kept by its number (a payment
 * the portal recorded names it by id), those beyond the new plan removed.
 */
async function replaceInstallments(tx: Db, invoiceId: number, bill: ErpBill) {
  const held = await tx
    .select({ id: installments.id, number: installments.number })
    .from(installments)
    .where(eq(installments.invoiceId, invoiceId));
  const byNumber = new Map(held.map((h) => [h.number, h.id]));
  const rows = installmentRows(invoiceId, bill);
  for (const row of rows) {
    const id = byNumber.get(row.number);
    if (id === undefined) await tx.insert(installments).values(row);
    else await tx.update(installments).set(row).where(eq(installments.id, id));
    byNumber.delete(row.number);
  }
  if (byNumber.size > 0)
    await tx.delete(installments).where(anyOf(installments.id, idArray([...byNumber.values()])));
}

/**
 * Writes the bill and replaces its sections and installments in the caller's transaction (the caller
 * first makes sure no installment of it is being paid: installmentsBeingPaid); answers its id.
 */
export async function saveBillFromErp(tx: Db, bill: ErpBill, existingId: number | null) {
  // A newer version that does not say what is owed keeps what was paid on the bill meanwhile (in the
  // portal or collected elsewhere, ADR 040); a plan says it by its unpaid installments.
  let owed = bill.outstandingCents;
  if (owed === undefined && existingId !== null && bill.installments.length === 0) {
    const [before] = await tx
      .select({ amountCents: invoices.amountCents, outstandingCents: invoices.outstandingCents })
      .from(invoices)
      .where(eq(invoices.id, existingId));
    if (before)
      owed = billAmountCents(bill.sections) - Math.max(before.amountCents - before.outstandingCents, 0);
  }
  const values = billValues(bill, owed);
  let id: number;
  if (existingId !== null) {
    const {
      key: _key,
      customerId: _owner,
      companyCode: _company,
      documentId: _document,
      ...changes
    } = values;
    await tx.update(invoices).set(changes).where(eq(invoices.id, existingId));
    await tx.delete(invoiceSections).where(eq(invoiceSections.invoiceId, existingId));
    await replaceInstallments(tx, existingId, bill);
    id = existingId;
  } else {
    const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
    id = row!.id;
    if (bill.installments.length > 0) await tx.insert(installments).values(installmentRows(id, bill));
  }
  await tx.insert(invoiceSections).values(sectionRows(id, bill.sections));
  await saveEInvoice(tx, id, bill);
  return id;
}

/** New bills with their sections and installments at once (the initial load, ADR 046): their ids in order. */
export async function insertBillsFromErp(tx: Db, bills: readonly ErpBill[]) {
  const ids = await insertWithIds(
    tx,
    invoices,
    bills.map((bill) => billValues(bill, bill.outstandingCents)),
  );
  await insertMany(
    tx,
    invoiceSections,
    bills.flatMap((bill, i) => sectionRows(ids[i]!, bill.sections)),
  );
  await insertMany(
    tx,
    installments,
    bills.flatMap((bill, i) => installmentRows(ids[i]!, bill)),
  );
  await insertMany(
    tx,
    billEInvoices,
    bills.flatMap((bill, i) =>
      bill.eInvoice ? [{ invoiceId: ids[i]!, xml: bill.eInvoice.xml, receivedAt: new Date() }] : [],
    ),
  );
  return ids;
}

/** What a bill's PDF from the ERP is filed with (ADR 036): its customer, key, document and title. */
export async function billForPdf(tx: Db, invoiceId: number) {
  const [row] = await tx
    .select({
      key: invoices.key,
      customerId: invoices.customerId,
      documentId: invoices.documentId,
      invoiceTypeCode: invoices.invoiceTypeCode,
      number: invoices.number,
      issueDate: invoices.issueDate,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return row && { ...row, document: billDocument(row) };
}

/** Links a bill to its document (its PDF), in the caller's transaction. */
export async function linkBillDocument(tx: Db, invoiceId: number, documentId: number) {
  await tx.update(invoices).set({ documentId }).where(eq(invoices.id, invoiceId));
}

/** Of these ERP keys, the ones a bill of the brand already has (another brand's keys are its own). */
export async function billExtKeysTaken(tx: Db, companyCode: string, extKeys: readonly string[]) {
  if (extKeys.length === 0) return new Set<string>();
  const rows = await tx
    .select({ extKey: invoices.extKey })
    .from(invoices)
    .where(and(eq(invoices.companyCode, companyCode), anyOf(invoices.extKey, textArray(extKeys))));
  return new Set(rows.map((r) => r.extKey));
}

/**
 * Of these bill numbers, those the brand's bills already carry, with the ERP key of the bill that
 * does: one statement for a bill's or a batch's numbers (index invoices_number_idx).
 */
export async function billNumbersTaken(tx: Db, companyCode: string, numbers: readonly string[]) {
  if (numbers.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ number: invoices.number, extKey: invoices.extKey })
    .from(invoices)
    .where(and(eq(invoices.companyCode, companyCode), anyOf(invoices.number, textArray(new Set(numbers)))));
  return new Map(rows.map((r) => [r.number, r.extKey]));
}

/** The brand's bill an ERP key names (ERP keys are unique within a brand). */
export async function billIdByExtKey(tx: Db, companyCode: string, extKey: string) {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyCode, companyCode), eq(invoices.extKey, extKey)));
  return row?.id ?? null;
}
