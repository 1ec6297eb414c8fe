// A bill as the ERP sends it (the integration module's import, ADR 036): its row and its sections,
// its amount their sum and its payment level from what is owed (the demo world's builders, so a
// loaded bill obeys the rules a demo bill does: ADR 024). The first load notifies (service.ts).
import { anyOf, textArray } from '@sportello/db/arrays';
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { invoiceSections, invoices } from '@sportello/db/schema';
import { billFigures, invoiceRow, type BillSection, type InvoiceSpec } from '@sportello/demo/world';
import { insertMany, insertWithIds } from '../../platform/insert-many.js';

export type ErpBill = Omit<InvoiceSpec, 'amountCents' | 'outstandingCents' | 'paymentLevel'> & {
  extKey: string;
  sections: readonly BillSection[];
  /** What is still owed; the whole amount unless given. */
  outstandingCents?: number | undefined;
};

/** The bill's row: its amount the sum of its sections, owing `owed` (never more than the amount). */
function billValues(bill: ErpBill, owed: number | undefined) {
  const { sections, outstandingCents: _owed, ...spec } = bill;
  const { amountCents } = billFigures(sections, 'Unpaid');
  return invoiceRow({
    ...spec,
    amountCents,
    outstandingCents: Math.min(owed ?? amountCents, Math.max(amountCents, 0)),
  });
}

const sectionRows = (invoiceId: number, sections: readonly BillSection[]) =>
  sections.map((section, position) => ({
    invoiceId,
    position,
    title: section.title,
    lines: section.lines.map((l) => ({ label: l.label, quantity: l.quantity, amountCents: l.amountCents })),
    totalCents: section.totalCents,
  }));

/** Writes the bill and replaces its sections in the caller's transaction; answers its id. */
export async function saveBillFromErp(tx: Db, bill: ErpBill, existingId: number | null) {
  // A newer version that does not say what is owed keeps what was paid on the bill meanwhile (in the
  // portal or collected elsewhere, ADR 040).
  let owed = bill.outstandingCents;
  if (owed === undefined && existingId !== null) {
    const [before] = await tx
      .select({ amountCents: invoices.amountCents, outstandingCents: invoices.outstandingCents })
      .from(invoices)
      .where(eq(invoices.id, existingId));
    const { amountCents } = billFigures(bill.sections, 'Unpaid');
    if (before) owed = amountCents - Math.max(before.amountCents - before.outstandingCents, 0);
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
    id = existingId;
  } else {
    const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
    id = row!.id;
  }
  await tx.insert(invoiceSections).values(sectionRows(id, bill.sections));
  return id;
}

/** New bills with their sections at once (the initial load, ADR 046): answers their ids in order. */
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
  return ids;
}

/** Of these ERP keys, the ones a bill already has (whatever the brand). */
export async function billExtKeysTaken(tx: Db, extKeys: readonly string[]) {
  if (extKeys.length === 0) return new Set<string>();
  const rows = await tx
    .select({ extKey: invoices.extKey })
    .from(invoices)
    .where(anyOf(invoices.extKey, textArray(extKeys)));
  return new Set(rows.map((r) => r.extKey));
}

/** The bill an ERP key names, whoever loaded it (ext keys are unique across brands). */
export async function billIdByExtKey(tx: Db, extKey: string) {
  const [row] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.extKey, extKey));
  return row?.id ?? null;
}
