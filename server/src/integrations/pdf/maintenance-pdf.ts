// A maintenance contract's document as a one-page PDF drawn with pdfkit from the rows the portal
// shows (the ERP keeps no file for it): the document's title, kind and date, the contract, the
// supply it covers and the visits with their outcome, in the brand's colour. Tagged like every PDF
// of ours (pdf-document.ts): a heading, facts as paragraphs, the visits as a list.
import { elideBeforeNumbers, formatDate, formatEuro } from '@sportello/domain';
import { FONT, group, startPdf, tag } from './pdf-document.js';

export interface MaintenanceDocumentData {
  document: { title: string; kind: string; issueDate: string };
  contract: { key: string; product: string; status: string; startDate: string; annualFeeCents: number };
  supplyAddress: string | null;
  supplyPointCode: string | null;
  brand: { name: string; primaryColor: string };
  visits: {
    visitDate: string;
    kind: string;
    done: boolean;
    technician: string | null;
    outcome: string | null;
  }[];
}

export function renderMaintenancePdf(data: MaintenanceDocumentData, now: Date): Promise<Buffer> {
  const { document, contract, brand } = data;
  const { doc, root, finish } = startPdf(
    {
      title: document.title,
      author: brand.name,
      subject: `Contratto di manutenzione ${contract.key}`,
    },
    now,
  );

  tag(doc, root, 'P', () => doc.fillColor(brand.primaryColor).font(FONT.bold).fontSize(18).text(brand.name));
  doc.moveDown(0.5);
  tag(doc, root, 'H1', () => doc.fillColor('#1a1a1a').fontSize(15).text(document.title));
  tag(doc, root, 'P', () =>
    doc
      .font(FONT.regular)
      .fontSize(10)
      .text(elideBeforeNumbers(`${document.kind} del ${formatDate(document.issueDate)}`)),
  );
  doc.moveDown();
  const row = (label: string, value: string) =>
    tag(doc, root, 'P', () =>
      doc.font(FONT.bold).text(`${label}: `, { continued: true }).font(FONT.regular).text(value),
    );
  row('Contratto', `${contract.key} – ${contract.product}`);
  row('Stato', contract.status);
  row('In vigore dal', formatDate(contract.startDate));
  row('Canone annuo', formatEuro(contract.annualFeeCents));
  if (data.supplyAddress) row('Fornitura', `${data.supplyPointCode ?? ''} ${data.supplyAddress}`.trim());
  doc.moveDown();
  tag(doc, root, 'H2', () =>
    doc.font(FONT.bold).fontSize(12).fillColor(brand.primaryColor).text('Interventi'),
  );
  doc.fillColor('#1a1a1a').fontSize(10).font(FONT.regular);
  if (data.visits.length === 0) tag(doc, root, 'P', () => doc.text('Nessun intervento registrato.'));
  else
    group(doc, root, 'L', (list) => {
      for (const visit of data.visits) {
        const who = visit.technician ? `, tecnico ${visit.technician}` : '';
        const outcome = visit.done ? `eseguito${who}. ${visit.outcome ?? ''}` : 'programmato';
        group(doc, list, 'LI', (item) =>
          tag(doc, item, 'LBody', () =>
            doc.text(`${formatDate(visit.visitDate)} – ${visit.kind}: ${outcome}`.trim()),
          ),
        );
      }
    });
  return finish();
}
