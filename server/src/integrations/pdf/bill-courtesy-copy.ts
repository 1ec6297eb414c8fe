// What the bill's PDF is (ADR 067): the courtesy copy of the electronic invoice sent through the
// Sistema di Interscambio, with the identifier the SdI gave it. One tagged paragraph of its own after
// the detail, the words the domain gives (the bill page shows the same).
import type { erpInvoices } from '@sportello/contract';
import { courtesyCopyText } from '@sportello/domain';
import { FONT, tag, type Struct } from './pdf-document.js';

export function courtesyCopyNote(doc: PDFKit.PDFDocument, root: Struct, bill: erpInvoices.InvoiceBill) {
  if (doc.y > 740) doc.addPage();
  tag(doc, root, 'P', () =>
    doc
      .moveDown()
      .font(FONT.regular)
      .fontSize(8)
      .fillColor('#555555')
      .text(courtesyCopyText(bill.sdiId), 50, undefined, { width: 495 }),
  );
}
