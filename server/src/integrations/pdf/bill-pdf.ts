// The PDF bill in the Bolletta 2.0 shape, drawn with pdfkit from the same InvoiceBill the detail
// call answers, so page and PDF never disagree: page 1 is the summary (what to pay, by when, the
// supply, the period, consumption and the "scontrino dell'energia"), then the detail (readings,
// consumption by band, price items). Brand colours and logo mark come from the company row.
import type { erpInvoices } from '@sportello/contract';
import { formatDate, formatEuro, logoMarkShapes, registerName } from '@sportello/domain';
import { billNotices } from './bill-notices.js';
import { startPdf } from './pdf-document.js';

type InvoiceBill = erpInvoices.InvoiceBill;
export interface BillBrand {
  logoMark: string;
  primaryColor: string;
  accentColor: string;
}

const TYPE_TITLES: Record<number, string> = {
  1: 'Bolletta',
  2: 'Bolletta di chiusura',
  4: 'Nota di credito',
  5: 'Bolletta rata',
  9: 'Bolletta di ricalcolo',
  31: 'Bolletta di conguaglio',
};

const COMMODITY: Record<string, string> = {
  electricity: 'Energia elettrica (POD)',
  gas: 'Gas naturale (PDR)',
  heat: 'Teleriscaldamento (codice impianto)',
};

const SOURCE: Record<string, string> = {
  distributor: 'rilevata',
  self: 'autolettura',
  estimated: 'stimata',
};

const euro = (cents: number) => formatEuro(cents);
const date = (iso: string | null) => (iso ? formatDate(iso) : '—');
const quantity = (n: number, unit: string) => `${new Intl.NumberFormat('it-IT').format(n)} ${unit}`;

const INK = '#1b1b1f';
const MUTED = '#555555';
const LEFT = 50;
const WIDTH = 495;

export function renderBillPdf(bill: InvoiceBill, brand: BillBrand, now: Date): Promise<Buffer> {
  const { doc, finish } = startPdf(
    {
      title: `${TYPE_TITLES[bill.invoice.invoiceTypeCode] ?? 'Documento'} n. ${bill.invoice.number}`,
      author: bill.company.legalName,
      subject: `Cliente ${bill.customer.customerCode}`,
    },
    now,
    { bufferPages: true },
  );

  header(doc, bill, brand);
  summary(doc, bill, brand);
  receipt(doc, bill, brand);
  doc.addPage();
  header(doc, bill, brand);
  detail(doc, bill, brand);
  billNotices(doc, bill);
  footer(doc, bill);
  return finish();
}

function header(doc: PDFKit.PDFDocument, bill: InvoiceBill, brand: BillBrand) {
  doc.save().translate(LEFT, 40).scale(1.1);
  for (const shape of logoMarkShapes(brand.logoMark)) {
    const colour = shape.colour === 'primary' ? brand.primaryColor : brand.accentColor;
    if (shape.paint === 'fill') doc.path(shape.d).fill(colour);
    else doc.path(shape.d).lineWidth(shape.strokeWidth).lineCap('round').stroke(colour);
  }
  doc.restore();
  doc
    .fillColor(brand.primaryColor)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(bill.company.name, LEFT + 55, 48);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(`${bill.company.legalName} · P. IVA ${bill.company.vatNumber}`, LEFT + 55, 68)
    .text(bill.company.legalAddress, LEFT + 55, 78);
  doc
    .moveTo(LEFT, 100)
    .lineTo(LEFT + WIDTH, 100)
    .lineWidth(1)
    .stroke(brand.primaryColor);
  doc.y = 112;
}

function keyValue(doc: PDFKit.PDFDocument, label: string, value: string, x: number, y: number) {
  doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(label, x, y);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(value, x, y + 10, { width: 230 });
}

/** What the amount box says: a credit is owed to the customer, a paid bill says so, else what to pay. */
function amountBox(bill: InvoiceBill): {
  label: string;
  amount: string;
  side: [string, string];
  note?: string;
} {
  const { invoice } = bill;
  if (bill.totalCents < 0) {
    return {
      label: 'Importo a tuo credito',
      amount: euro(-bill.totalCents),
      side: ['Rimborso', 'Con la prossima bolletta'],
    };
  }
  if (invoice.outstandingCents <= 0) {
    return { label: 'Bolletta pagata', amount: euro(bill.totalCents), side: ['Stato', 'Pagata'] };
  }
  return {
    label: 'Totale da pagare',
    amount: euro(bill.totalCents),
    side: ['Scadenza', date(invoice.dueDate)],
    ...(invoice.outstandingCents !== invoice.amountCents
      ? { note: `Ancora da pagare: ${euro(invoice.outstandingCents)}` }
      : {}),
  };
}

const PAYMENT: Record<InvoiceBill['payment']['method'], string> = {
  direct_debit: 'Addebito diretto SEPA',
  notice: 'Avviso di pagamento (pagoPA, bollettino o carta nel portale)',
};

function summary(doc: PDFKit.PDFDocument, bill: InvoiceBill, brand: BillBrand) {
  const { invoice, customer } = bill;
  const title = TYPE_TITLES[invoice.invoiceTypeCode] ?? 'Documento';
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(`${title} n. ${invoice.number}`, LEFT, 112);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `Emessa il ${date(invoice.issueDate)} · Cliente ${customer.name} · Codice cliente ${customer.customerCode}`,
    );

  // The box with what to pay and by when (or what is owed back): the first thing a reader looks for.
  const top = 150;
  const box = amountBox(bill);
  doc.roundedRect(LEFT, top, WIDTH, 70, 6).fill(brand.primaryColor);
  doc
    .fillColor('#ffffff')
    .font('Helvetica')
    .fontSize(10)
    .text(box.label, LEFT + 16, top + 12);
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(box.amount, LEFT + 16, top + 28);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(box.side[0], LEFT + 300, top + 12);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(box.side[1], LEFT + 300, top + 28, { width: 180 });
  if (box.note)
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(box.note, LEFT + 300, top + 50);

  let y = top + 86;
  const row = (left: [string, string], right: [string, string]) => {
    keyValue(doc, left[0], left[1], LEFT, y);
    const leftBottom = doc.y;
    keyValue(doc, right[0], right[1], LEFT + 260, y);
    // Rows grow with their longest value, so a long address never runs into what follows.
    y = Math.max(leftBottom, doc.y) + 8;
  };
  const unit = bill.consumption.unit;
  row(
    ['Periodo di fornitura', `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`],
    ['Consumo fatturato nel periodo', quantity(bill.consumption.quantity, unit)],
  );
  row(
    ['Contratto', invoice.contract.number],
    [
      'Costo medio (senza canone TV)',
      bill.averageCentsPerUnit === null
        ? '—'
        : `${new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(bill.averageCentsPerUnit)} cent/${unit}`,
    ],
  );
  const offers = [...new Set(bill.supplies.map((s) => s.offerName).filter((n) => n !== null))];
  const payment = bill.payment.iban
    ? `${PAYMENT[bill.payment.method]}\n${bill.payment.iban}`
    : PAYMENT[bill.payment.method];
  row(['Offerta', offers.join(', ') || '—'], ['Modalità di pagamento', payment]);
  for (const supply of bill.supplies) {
    const name = supply.nickname ? `${supply.nickname} · ` : '';
    row(
      [COMMODITY[supply.commodity] ?? supply.commodity, `${supply.pointCode}\n${name}${supply.address}`],
      [supply.emergency.label, supply.emergency.phone],
    );
  }
  doc.y = y;
}

function receipt(doc: PDFKit.PDFDocument, bill: InvoiceBill, brand: BillBrand) {
  let y = doc.y + 6;
  doc
    .fillColor(brand.primaryColor)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text("Lo scontrino dell'energia", LEFT, y);
  y += 20;
  for (const line of bill.receipt) {
    doc.fillColor(INK).font('Helvetica').fontSize(10).text(line.label, LEFT, y, { width: 360 });
    doc.text(euro(line.amountCents), LEFT + 360, y, { width: WIDTH - 360, align: 'right' });
    y += 18;
    doc
      .moveTo(LEFT, y - 4)
      .lineTo(LEFT + WIDTH, y - 4)
      .lineWidth(0.3)
      .stroke('#cccccc');
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text('Totale bolletta', LEFT, y + 2);
  doc.text(euro(bill.totalCents), LEFT + 360, y + 2, { width: WIDTH - 360, align: 'right' });
  doc.y = y + 24;
}

function detail(doc: PDFKit.PDFDocument, bill: InvoiceBill, brand: BillBrand) {
  doc
    .fillColor(brand.primaryColor)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Letture e consumi', LEFT, doc.y);
  doc.moveDown(0.4);
  for (const supply of bill.supplies) {
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(`${supply.pointCode} · ${supply.address}`, LEFT);
    const { start, end } = supply.readings;
    const bands = Object.keys(supply.consumptionByBand);
    if (!start || !end || bands.length === 0) {
      doc.font('Helvetica').fillColor(MUTED).text('Letture non disponibili per il periodo.');
      doc.moveDown(0.4);
      continue;
    }
    const rows: string[][] = [
      [
        'Misura',
        `Lettura ${date(start.date)} (${SOURCE[start.source] ?? start.source})`,
        `Lettura ${date(end.date)} (${SOURCE[end.source] ?? end.source})`,
        'Consumo',
      ],
      ...bands.map((band) => [
        registerName(band),
        String(start.values[band] ?? '—'),
        String(end.values[band] ?? '—'),
        quantity(supply.consumptionByBand[band] ?? 0, supply.unit),
      ]),
    ];
    table(doc, rows, [80, 150, 150, 115]);
    doc.moveDown(0.4);
  }

  doc.moveDown(0.4);
  doc.fillColor(brand.primaryColor).font('Helvetica-Bold').fontSize(12).text('Dettaglio degli importi', LEFT);
  doc.moveDown(0.4);
  for (const section of bill.sections) {
    if (doc.y > 740) doc.addPage();
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(10).text(section.title, LEFT, doc.y, { width: 360 });
    const lineTop = doc.y;
    doc.text(euro(section.totalCents), LEFT + 360, lineTop - 12, { width: WIDTH - 360, align: 'right' });
    table(
      doc,
      section.lines.map((line) => [line.label, line.quantity ?? '', euro(line.amountCents)]),
      [260, 135, 100],
      false,
    );
    doc.moveDown(0.3);
  }
}

function table(doc: PDFKit.PDFDocument, rows: string[][], widths: number[], headed = true) {
  rows.forEach((row, r) => {
    const y = doc.y;
    let x = LEFT;
    doc
      .font(headed && r === 0 ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5)
      .fillColor(INK);
    row.forEach((cell, c) => {
      const last = c === row.length - 1;
      doc.text(cell, x, y, { width: widths[c] ?? 100, align: last ? 'right' : 'left', lineBreak: false });
      x += widths[c] ?? 100;
    });
    doc.y = y + 13;
  });
}

function footer(doc: PDFKit.PDFDocument, bill: InvoiceBill) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would open a new page.
    doc.page.margins.bottom = 0;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(7.5)
      .text(
        `${bill.company.legalName} · P. IVA ${bill.company.vatNumber} · ${bill.company.legalAddress} · Servizio clienti ${bill.company.helpPhone} · Pagina ${i + 1} di ${range.count}`,
        LEFT,
        800,
        { width: WIDTH, align: 'center', lineBreak: false },
      );
  }
}
