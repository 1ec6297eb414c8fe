// A complaint and its answer as a PDF drawn with pdfkit from the same figures the complaint call
// answers (number, category, supply, bill, dates, compensation), in the brand's colour: what the
// customer keeps as proof of filing and of the answer.
import { elideBeforeNumbers, formatDate, formatEuro } from '@sportello/domain';
import type { erpComplaints } from '@sportello/contract';
import { startPdf } from './pdf-document.js';

export interface ComplaintPdfBrand {
  name: string;
  legalName: string;
  primaryColor: string;
  helpPhone: string;
}

const CONTACT: Record<string, string> = { email: 'e-mail', phone: 'telefono', post: 'posta' };

export function renderComplaintPdf(
  complaint: erpComplaints.Complaint,
  brand: ComplaintPdfBrand,
  now: Date,
): Promise<Buffer> {
  const { doc, finish } = startPdf(
    { title: `Reclamo n. ${complaint.key}`, author: brand.legalName, subject: complaint.categoryLabel },
    now,
  );
  const filedOn = formatDate(complaint.filedAt.slice(0, 10));
  doc.fillColor(brand.primaryColor).font('Helvetica-Bold').fontSize(18).text(brand.name);
  doc.moveDown(0.5).fillColor('#1a1a1a').fontSize(15).text(`Reclamo n. ${complaint.key}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(elideBeforeNumbers(`Presentato il ${filedOn}`))
    .moveDown();
  const row = (label: string, value: string) =>
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  row('Categoria', complaint.categoryLabel);
  row('Fornitura', `${complaint.supply.pointCode} – ${complaint.supply.address}`);
  if (complaint.invoice) row('Bolletta', `n. ${complaint.invoice.number}`);
  row('Risposta preferita per', CONTACT[complaint.contactPreference] ?? complaint.contactPreference);
  row('Risposta dovuta entro il', formatDate(complaint.dueDate));
  if (complaint.suspendsCollection) row('Pagamento', 'sospeso per la parte contestata fino alla risposta');
  row('Conservato almeno fino al', formatDate(complaint.keptUntil));
  doc.moveDown().font('Helvetica-Bold').fontSize(12).fillColor(brand.primaryColor).text('Il reclamo');
  doc.fillColor('#1a1a1a').font('Helvetica').fontSize(10).text(complaint.body);
  for (const file of complaint.attachments) doc.text(`Allegato: ${file.fileName}`);
  doc.moveDown().font('Helvetica-Bold').fontSize(12).fillColor(brand.primaryColor).text('La risposta');
  doc.fillColor('#1a1a1a').font('Helvetica').fontSize(10);
  if (complaint.answer && complaint.answeredAt) {
    doc
      .text(`Del ${formatDate(complaint.answeredAt.slice(0, 10))}`)
      .moveDown(0.3)
      .text(complaint.answer);
  } else {
    doc.text('Il reclamo è in lavorazione: la risposta non è ancora stata inviata.');
  }
  if (complaint.compensationCents > 0) {
    const credited = complaint.compensationInvoice
      ? `, accreditato sulla bolletta n. ${complaint.compensationInvoice.number}`
      : ', da accreditare sulla prima bolletta utile';
    doc
      .moveDown()
      .font('Helvetica-Bold')
      .text(
        `Indennizzo automatico per risposta oltre i termini: ${formatEuro(complaint.compensationCents)}${credited}.`,
      );
  }
  doc.moveDown().font('Helvetica').fillColor('#555555').text(`Servizio clienti: ${brand.helpPhone}`);
  return finish();
}
