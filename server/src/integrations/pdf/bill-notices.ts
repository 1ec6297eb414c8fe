// The bill's notices that follow from a complaint or the law (ADR 030), drawn from the same figures
// the bill call answers: collection suspended while a complaint is open, and the amounts for
// consumption older than two years that the customer may refuse to pay (Legge 205/2017). They are
// drawn on page 1 under what to pay (ADR 068): a bill in dispute says so where its amount is.
import type { erpInvoices } from '@sportello/contract';
import { formatDate, formatEuro } from '@sportello/domain';
import { FONT, tag, type Struct } from './pdf-document.js';

export const SUSPENDED_TEXT =
  'Pagamento sospeso per reclamo in corso: non ti chiederemo la parte contestata finché non avrai la nostra risposta.';

export const prescriptionText = (p: NonNullable<erpInvoices.InvoiceBill['prescription']>) =>
  `Importi prescritti: ${formatEuro(p.amountCents)} di questa bolletta riguardano consumi fino al ` +
  `${formatDate(p.before)}, di oltre due anni prima dell'emissione. Per legge (L. 205/2017) puoi non pagarli: ` +
  'diccelo con un reclamo, anche dall’area clienti.';

/** The notices as paragraphs of `parent` (the first page's payment part), when there is one. */
export function billNotices(
  doc: PDFKit.PDFDocument,
  parent: Struct,
  bill: erpInvoices.InvoiceBill,
  box: { left: number; width: number; color: string },
) {
  const notes = [
    ...(bill.collectionSuspended ? [SUSPENDED_TEXT] : []),
    ...(bill.prescription ? [prescriptionText(bill.prescription)] : []),
  ];
  for (const note of notes)
    tag(doc, parent, 'P', () =>
      doc
        .font(FONT.bold)
        .fontSize(8.5)
        .fillColor(box.color)
        .text(note, box.left, doc.y + 3, { width: box.width }),
    );
}
