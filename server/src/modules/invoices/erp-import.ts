// A bill as the ERP sends it (the integration module's import, ADR 036): its row and its sections,
// its amount their sum and its payment level from what is owed (the demo world's builders, so a
// loaded bill obeys the rules a demo bill does: ADR 024). The first load notifies (service.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { invoiceSections, invoices } from '@sportello/db/schema';
import { billFigures, invoiceRow, type BillSection, type InvoiceSpec } from '@sportello/demo/world';

export type ErpBill = Omit<InvoiceSpec, 'amountCents' | 'outstandingCents' | 'paymentLevel'> & {
  extKey: string;
  sections: readonly BillSection[];
  /** What is still owed; the whole amount unless given. */
  outstandingCents?: number | undefined;
};

/** Writes the bill and replaces its sections in the caller's transaction; answers its id. */
export async function saveBillFromErp(tx: Db, bill: ErpBill, existingId: number | null) {
  const { sections, outstandingCents, ...spec } = bill;
  const { amountCents } = billFigures(sections, 'Unpaid');
  // A newer version that does not say what is owed keeps what was paid on the bill meanwhile (in the
  // portal or collected elsewhere, ADR 040).
  let owed = outstandingCents ?? amountCents;
  if (outstandingCents === undefined && existingId !== null) {
    const [before] = await tx
      .select({ amountCents: invoices.amountCents, outstandingCents: invoices.outstandingCents })
      .from(invoices)
      .where(eq(invoices.id, existingId));
    if (before) owed = amountCents - Math.max(before.amountCents - before.outstandingCents, 0);
  }
  const values = invoiceRow({
    ...spec,
    amountCents,
    outstandingCents: Math.min(owed, Math.max(amountCents, 0)),
  });
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
  await tx.insert(invoiceSections).values(
    sections.map((section, position) => ({
      invoiceId: id,
      position,
      title: section.title,
      lines: section.lines.map((l) => ({ label: l.label, quantity: l.quantity, amountCents: l.amountCents })),
      totalCents: section.totalCents,
    })),
  );
  return id;
}

/** The bill an ERP key names, whoever loaded it (ext keys are unique across brands). */
export async function billIdByExtKey(tx: Db, extKey: string) {
  const [row] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.extKey, extKey));
  return row?.id ?? null;
}
