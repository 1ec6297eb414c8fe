// The bill's notices that follow from a complaint or the law (ADR 030), drawn from the same figures
// the bill call answers: collection suspended while a complaint is open, and the amounts for
// consumption older than two years that the customer may refuse to pay (Legge 205/2017).
import type { erpInvoices } from '@sportello/contract';
import { formatDate, formatEuro } from '@sportello/domain';
import { FONT, group, tag, type Struct } from './pdf-document.js';

export const SUSPENDED_TEXT =
  'Pagamento sospeso per reclamo in corso: non ti chiederemo la parte contestata finché non avrai la nostra risposta.';

export const prescriptionText = (p: NonNullable<erpInvoices.InvoiceBill['prescription']>) =>
  `Importi prescritti: ${formatEuro(p.amountCents)} di questa bolletta riguardano consumi fino al ` +
  `${formatDate(p.before)}, di oltre due anni prima dell'emissione. Per legge (L. 205/2017) puoi non pagarli: ` +
  'diccelo con un reclamo, anche dall’area clienti.';

/** The notices as a section of their own (tagged, like the rest of the bill), when there is one. */
export function billNotices(doc: PDFKit.PDFDocument, root: Struct, bill: erpInvoices.InvoiceBill) {
  const notes = [
    ...(bill.collectionSuspended ? [SUSPENDED_TEXT] : []),
    ...(bill.prescription ? [prescriptionText(bill.prescription)] : []),
  ];
  if (notes.length === 0) return;
  if (doc.y > 700) doc.addPage();
  group(doc, root, 'Sect', (section) => {
    tag(doc, section, 'H2', () =>
      doc.moveDown().font(FONT.bold).fontSize(11).fillColor('#1b1b1f').text('Avvisi', 50),
    );
    for (const note of notes)
      tag(doc, section, 'P', () =>
        doc.font(FONT.regular).fontSize(9).text(note, 50, undefined, { width: 495 }).moveDown(0.3),
      );
  });
}
