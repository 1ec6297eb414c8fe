// A complaint and its answer as a PDF drawn with pdfkit from the same figures the complaint call
// answers (number, category, supply, bill, both clocks, compensation), in the brand's colour: what the
// customer keeps as proof of filing and of the answer, and the logged-out sender's receipt. Tagged like
// every PDF of ours (pdf-document.ts): headings, facts as paragraphs, embedded fonts.
import { elideBeforeNumbers, formatDate, formatEuro } from '@sportello/domain';
import type { erpComplaints } from '@sportello/contract';
import { FONT, startPdf, tag } from './pdf-document.js';

export interface ComplaintPdfBrand {
  name: string;
  legalName: string;
  primaryColor: string;
  helpPhone: string;
}

const CONTACT: Record<string, string> = { email: 'e-mail', phone: 'telefono', post: 'posta' };

/** Where the rectification stands, in words. */
function rectificationLine(clock: NonNullable<erpComplaints.Complaint['rectification']>): string {
  if (clock.outcome === 'rectified' && clock.doneAt)
    return `fatta il ${formatDate(clock.doneAt.slice(0, 10))} (dovuta entro il ${formatDate(clock.dueDate)})`;
  if (clock.outcome === 'not_due') return 'non dovuta: la bolletta è risultata corretta';
  return `dovuta entro il ${formatDate(clock.dueDate)}, se la bolletta va corretta`;
}

export function renderComplaintPdf(
  complaint: erpComplaints.Complaint,
  brand: ComplaintPdfBrand,
  now: Date,
): Promise<Buffer> {
  const { doc, root, finish } = startPdf(
    { title: `Reclamo n. ${complaint.key}`, author: brand.legalName, subject: complaint.categoryLabel },
    now,
  );
  const filedOn = formatDate(complaint.filedAt.slice(0, 10));
  const heading = (type: 'H2', text: string) =>
    tag(doc, root, type, () =>
      doc.moveDown().font(FONT.bold).fontSize(12).fillColor(brand.primaryColor).text(text),
    );
  const paragraph = (text: string, font: string = FONT.regular) =>
    tag(doc, root, 'P', () => doc.fillColor('#1a1a1a').font(font).fontSize(10).text(text));
  const row = (label: string, value: string) =>
    tag(doc, root, 'P', () =>
      doc
        .fillColor('#1a1a1a')
        .fontSize(10)
        .font(FONT.bold)
        .text(`${label}: `, { continued: true })
        .font(FONT.regular)
        .text(value),
    );

  tag(doc, root, 'P', () => doc.fillColor(brand.primaryColor).font(FONT.bold).fontSize(18).text(brand.name));
  doc.moveDown(0.5);
  tag(doc, root, 'H1', () => doc.fillColor('#1a1a1a').fontSize(15).text(`Reclamo n. ${complaint.key}`));
  paragraph(elideBeforeNumbers(`Presentato il ${filedOn}`));
  doc.moveDown();
  row('Categoria', complaint.categoryLabel);
  row('Fornitura', `${complaint.supply.pointCode} – ${complaint.supply.address}`);
  if (complaint.invoice) row('Bolletta', `n. ${complaint.invoice.number}`);
  row('Risposta preferita per', CONTACT[complaint.contactPreference] ?? complaint.contactPreference);
  row('Risposta motivata dovuta entro il', formatDate(complaint.dueDate));
  if (complaint.rectification) row('Rettifica della bolletta', rectificationLine(complaint.rectification));
  if (complaint.suspendedBills.length > 0)
    row(
      'Pagamento sospeso fino alla conclusione del reclamo',
      complaint.suspendedBills.map((b) => `bolletta n. ${b.number}`).join(', '),
    );
  row('Conservato almeno fino al', formatDate(complaint.keptUntil));
  heading('H2', 'Il reclamo');
  paragraph(complaint.body);
  for (const file of complaint.attachments) paragraph(`Allegato: ${file.fileName}`);
  heading('H2', 'La risposta');
  if (complaint.answer && complaint.answeredAt) {
    paragraph(`Del ${formatDate(complaint.answeredAt.slice(0, 10))}`);
    paragraph(complaint.answer);
  } else {
    paragraph('Il reclamo è in lavorazione: la risposta non è ancora stata inviata.');
  }
  if (complaint.compensationCents > 0) {
    const credited = complaint.compensationInvoice
      ? `, accreditato sulla bolletta n. ${complaint.compensationInvoice.number}`
      : ', da accreditare sulla prima bolletta utile';
    const parts = [
      complaint.replyCompensationCents > 0
        ? `${formatEuro(complaint.replyCompensationCents)} per la risposta oltre i termini`
        : null,
      (complaint.rectification?.compensationCents ?? 0) > 0
        ? `${formatEuro(complaint.rectification!.compensationCents)} per la rettifica oltre i termini`
        : null,
    ].filter((part) => part !== null);
    doc.moveDown();
    paragraph(
      `Indennizzo automatico: ${formatEuro(complaint.compensationCents)} (${parts.join(', ')})${credited}.`,
      FONT.bold,
    );
  }
  doc.moveDown();
  tag(doc, root, 'P', () =>
    doc.font(FONT.regular).fillColor('#555555').text(`Servizio clienti: ${brand.helpPhone}`),
  );
  return finish();
}
