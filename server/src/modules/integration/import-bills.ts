// Loading a bill with its sections and installments from the billing system (ADR 036), and its PDF:
// keyed by the ERP's key within the brand, versioned, for a contract loaded before (else
// `unknown_contract`); its amount is the sum of its sections, each section's total the sum of its
// lines (ADR 024) and its installments' sum its amount. A bill loaded the first time
// tells the customer 'Nuova bolletta disponibile', once: a replay or a newer version does not. The
// notice is queued in the bill's transaction, so a crash after the commit does not lose it (ADR 040).
import { integration, MESSAGES } from '@sportello/contract';
import { billDocument, energyUnitOf, offerBoxMismatches, romeWallClock } from '@sportello/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { contracts, invoices } from '@sportello/db/schema';
import { safePdf, UnreadableFile } from '../../integrations/files/safe-files.js';
import type { DocumentsService } from '../documents/service.js';
import type { InvoicesService } from '../invoices/service.js';
import { checkBillXml } from './einvoice-xml.js';
import type { SuppliesService } from '../supplies/service.js';
import { recordEvent } from '../../platform/events/outbox.js';
import { contentHashOf, fieldRefusal, invalid, RecordRefusal, versionOutcome } from './records.js';
import type { Notices } from './notices.js';
import type { IntegrationRepository } from './repository.js';

type ImportResult = integration.ImportResult;
type BillRecord = integration.BillRecord;

/** The type code of a credit note (1 bolletta, 2 di chiusura, 4 nota di credito, …). */
const CREDIT_NOTE = 4;
/** How every PDF file begins. */
const PDF_MAGIC = Buffer.from('%PDF-');

const sum = (cents: readonly number[]) => cents.reduce((total, c) => total + c, 0);

/**
 * The parsed bill, or a refusal: every section's total must be the sum of its lines (ADR 024), due no
 * earlier than issued, negative only as a credit note, and an installment plan numbered 1…n in order,
 * adding up to the bill's amount (its sections' sum).
 */
export function parseBill(input: unknown): BillRecord {
  const parsed = integration.billRecord.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const bill = parsed.data;
  const mismatched = bill.sections.findIndex((s) => sum(s.lines.map((l) => l.amountCents)) !== s.totalCents);
  if (mismatched >= 0)
    throw new RecordRefusal('section_total_mismatch', [
      { field: `sections.${mismatched}.totalCents`, message: 'La somma delle righe non è il totale.' },
    ]);
  const misnumbered = bill.installments.findIndex((i, index) => i.number !== index + 1);
  if (misnumbered >= 0)
    throw new RecordRefusal('installments_numbering', [
      { field: `installments.${misnumbered}.number`, message: `Atteso il numero ${misnumbered + 1}.` },
    ]);
  if (bill.dueDate < bill.issueDate)
    throw new RecordRefusal('bill_due_before_issue', [fieldRefusal('dueDate', 'bill_due_before_issue')]);
  const amount = sum(bill.sections.map((s) => s.totalCents));
  // What the customer owes back is a credit note; any other bill owes the supplier.
  if (amount < 0 && bill.invoiceTypeCode !== CREDIT_NOTE)
    throw new RecordRefusal('bill_negative_not_credit_note', [
      fieldRefusal('invoiceTypeCode', 'bill_negative_not_credit_note'),
    ]);
  if (bill.installments.length > 0 && sum(bill.installments.map((i) => i.amountCents)) !== amount)
    throw new RecordRefusal('installments_total_mismatch', [
      { field: 'installments', message: 'La somma delle rate non è l’importo della bolletta.' },
    ]);
  // The electronic invoice the bill is (ADR 067): one FatturaPA document whose total is its amount.
  if (bill.eInvoice) {
    if (Buffer.byteLength(bill.eInvoice.xml) > integration.BILL_XML_MAX_BYTES)
      throw new RecordRefusal('bill_xml_too_large', [fieldRefusal('eInvoice.xml', 'bill_xml_too_large')]);
    checkBillXml(bill.eInvoice.xml, amount);
  }
  return bill;
}

/** The bill's row as the invoices module writes it, for the contract it is on. */
export const billSpec = (
  brand: string,
  extKey: string,
  bill: BillRecord,
  contract: { id: number; customerId: number },
) => ({
  key: `BL-${brand}-${extKey}`,
  extKey,
  companyCode: brand,
  customerId: contract.customerId,
  contractId: contract.id,
  number: bill.number,
  invoiceTypeCode: bill.invoiceTypeCode,
  issueDate: bill.issueDate,
  dueDate: bill.dueDate,
  periodStart: bill.periodStart,
  periodEnd: bill.periodEnd,
  sections: bill.sections,
  outstandingCents: bill.outstandingCents,
  installments: bill.installments,
  eInvoice: bill.eInvoice ?? null,
});

/**
 * The document of a new bill (its PDF: drawn by the portal on first opening unless the ERP sends it),
 * dated the morning of its issue, as the documents list orders them.
 */
export const billDocumentSpec = (bill: ReturnType<typeof billSpec>) => ({
  key: `DOC-${bill.key}`,
  customerId: bill.customerId,
  ...billDocument(bill),
  createdAt: romeWallClock(bill.issueDate, 8),
});

export function createBillImport(deps: {
  db: Db;
  repository: IntegrationRepository;
  invoices: InvoicesService;
  documents: DocumentsService;
  supplies: SuppliesService;
  notices: Notices;
}) {
  const { db, repository } = deps;

  /**
   * The energy lines of a bill written that contradict the offer box it prints (ADR 065): kept as sent
   * (the ERP is the bill's system of record, ADR 059), each answered as a warning and, together, told
   * to the supplier's systems as `bill.offerMismatch` in the bill's transaction. A box of one offer
   * with a price of its own is checked; a credit note charges nothing at the offer.
   */
  async function flagOfferMismatch(
    tx: Db,
    brand: string,
    extKey: string,
    bill: BillRecord,
    written: { invoiceId: number; key: string; customerId: number; contractId: number },
  ) {
    if (bill.invoiceTypeCode === CREDIT_NOTE) return [];
    const box = await deps.supplies.offerBoxOfContract(tx, written.contractId);
    const [offer] = box;
    if (!offer || box.length > 1) return [];
    const energy = offer.prices.find((p) => p.unit === energyUnitOf(offer.commodity)) ?? null;
    const mismatches = offerBoxMismatches(bill.sections, energy);
    if (mismatches.length === 0 || !energy) return [];
    const lines = mismatches.map(({ section, line, ...figures }) => ({
      field: `sections.${section}.lines.${line}.amountCents`,
      ...figures,
    }));
    await recordEvent(tx, {
      companyCode: brand,
      customerId: written.customerId,
      kind: 'bill.offerMismatch',
      entityKey: written.key,
      payload: {
        billId: written.invoiceId,
        billExtKey: extKey,
        invoiceNumber: bill.number,
        offerExtKey: offer.extKey,
        milliEuro: energy.milliEuro,
        lines,
      },
    });
    return lines.map(({ field }) => ({
      field,
      code: 'bill_line_offer_mismatch',
      message: MESSAGES.bill_line_offer_mismatch,
    }));
  }

  /**
   * The load of one parsed bill in the caller's transaction (a refusal throws RecordRefusal); the
   * first load's notice is queued in it unless `notify` is false (the initial load's history, ADR 046).
   */
  async function writeBill(
    tx: Db,
    brand: string,
    extKey: string,
    bill: BillRecord,
    now: Date,
    notify = true,
    contentHash = contentHashOf(bill),
  ) {
    const key = { companyCode: brand, kind: 'bill' as const, extKey };
    const held = await repository.lockRecord(tx, key);
    const outcome = versionOutcome(held, bill.version, contentHash);
    if (outcome === 'stale' || outcome === 'unchanged')
      return { result: { extKey, outcome, version: held!.version } as ImportResult, notice: null };

    const contractRecord = await repository.record(tx, {
      companyCode: brand,
      kind: 'contract',
      extKey: bill.contractExtKey,
    });
    const [contract] = contractRecord
      ? await tx
          .select({ id: contracts.id, customerId: contracts.customerId })
          .from(contracts)
          .where(eq(contracts.id, contractRecord.entityId))
      : [];
    if (!contract)
      throw new RecordRefusal('unknown_contract', [
        { field: 'contractExtKey', message: bill.contractExtKey },
      ]);
    if (held) {
      // A bill never changes hands (ADR 027: owners never change): a newer version keeps its customer.
      const [current] = await tx
        .select({ customerId: invoices.customerId })
        .from(invoices)
        .where(eq(invoices.id, held.entityId));
      if (current && current.customerId !== contract.customerId) throw new RecordRefusal('contract_moved');
    }
    // A bill of the brand the ERP did not load (a demo one, say) already has this key.
    if (!held && (await deps.invoices.idByExtKey(tx, brand, extKey)) !== null)
      throw new RecordRefusal('ext_key_taken');
    // A bill number is the brand's once (a bill's ERP key is its ext_key): another bill with it is refused.
    const numbered = (await deps.invoices.numbersTaken(tx, brand, [bill.number])).get(bill.number);
    if (numbered !== undefined && numbered !== extKey)
      throw new RecordRefusal('bill_number_taken', [fieldRefusal('number', 'bill_number_taken')]);
    // A cancelled bill stays so (ADR 056): the ERP corrects it by another bill or a credit note.
    if (held && (await deps.invoices.billToCancel(tx, held.entityId))?.cancelledAt)
      throw new RecordRefusal('bill_cancelled');
    // A newer plan would change what the gateway is collecting meanwhile.
    if (held && (await deps.invoices.installmentsBeingPaid(tx, held.entityId)))
      throw new RecordRefusal('installments_payment_open');

    const spec = billSpec(brand, extKey, bill, contract);
    // A new bill gets its document, so the customer can download it from the first day.
    const [documentId] = held ? [] : await deps.documents.createBillDocuments(tx, [billDocumentSpec(spec)]);
    const invoiceId = await deps.invoices.saveFromErp(tx, { ...spec, documentId }, held?.entityId ?? null);
    await repository.saveRecord(tx, key, invoiceId, bill.version, now, contentHash);
    // Checked on the live calls; the initial load's history was priced at offers since changed.
    const warnings = notify
      ? await flagOfferMismatch(tx, brand, extKey, bill, {
          invoiceId,
          key: spec.key,
          customerId: contract.customerId,
          contractId: contract.id,
        })
      : [];
    // Only the first time, queued with the bill in its transaction (notices.ts): the lock above queues
    // a concurrent load of the same key, which then finds the version held and answers `unchanged`.
    const notice = notify && outcome === 'created' ? { type: 'bill' as const, invoiceId } : null;
    const jobId = notice ? await deps.notices.queue(tx, `bill:${invoiceId}`, notice, now) : null;
    return {
      result: {
        extKey,
        outcome,
        version: bill.version,
        ...(warnings.length > 0 ? { warnings } : {}),
      } as ImportResult,
      notice: notice && { jobId, notice },
    };
  }

  async function importBill(brand: string, extKey: string, input: unknown, now: Date): Promise<ImportResult> {
    const bill = parseBill(input);
    const written = await db.transaction((tx) => writeBill(tx, brand, extKey, bill, now));
    if (written.notice) await deps.notices.sendNow(written.notice.jobId, written.notice.notice, now);
    return written.result;
  }

  /**
   * Stores the PDF of a bill the brand loaded (else `unknown_bill`, whoever else has that key) as its
   * document, which the customer's download then serves; the same bytes again answer `unchanged`.
   * The bill's record is locked meanwhile, so a load of the bill waits for it.
   */
  async function storeBillPdf(brand: string, extKey: string, contentBase64: string): Promise<ImportResult> {
    const pdf = Buffer.from(contentBase64, 'base64');
    if (pdf.length > integration.BILL_PDF_MAX_BYTES) throw new RecordRefusal('bill_pdf_too_large');
    if (!pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw new RecordRefusal('bill_pdf_invalid');
    // The customer opens it in a PDF reader: it keeps its pages and tags, not what could act.
    const safe = await safePdf(pdf).catch((error: unknown) => {
      throw error instanceof UnreadableFile ? new RecordRefusal('bill_pdf_invalid') : error;
    });
    return db.transaction(async (tx) => {
      const held = await repository.lockRecord(tx, { companyCode: brand, kind: 'bill', extKey });
      const bill = held && (await deps.invoices.billForPdf(tx, held.entityId));
      if (!held || !bill) throw new RecordRefusal('unknown_bill', [{ field: 'extKey', message: extKey }]);
      const stored = await deps.documents.storeBillPdfFromErp(tx, {
        documentId: bill.documentId,
        key: `DOC-${bill.key}`,
        customerId: bill.customerId,
        document: bill.document,
        base64: safe.toString('base64'),
      });
      if (bill.documentId === null) await deps.invoices.linkDocument(tx, held.entityId, stored.id);
      return { extKey, outcome: stored.outcome, version: held.version };
    });
  }

  return { importBill, writeBill, storeBillPdf };
}
