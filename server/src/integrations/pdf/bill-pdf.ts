// The PDF bill in the 2025 Bolletta 2.0 shape (ARERA 315/2024/R/com, ADR 031), drawn with pdfkit
// from the same InvoiceBill the detail call answers, so page and PDF never disagree. Page 1 is the
// standard front page, its parts in the rule's order (`bill.frontPage.parts`): what to pay and by
// when, customer/supply/contract, the "scontrino dell'energia", the "box dell'offerta", and the QR
// code to the detail elements; then the detail (readings, consumption by band, price items). The
// file is tagged (PDF/UA): every part is a section with its heading, tables are tables, the logo and
// the QR code are figures with alt text, decoration is an artifact.
import QRCode from 'qrcode';
import type { erpInvoices } from '@sportello/contract';
import {
  elideBeforeNumbers,
  formatDate,
  formatEuro,
  formatPrice,
  formatSignedEuro,
  invoiceTypeName,
  logoMarkShapes,
  quotaQuantityText,
  registerName,
} from '@sportello/domain';
import { billNotices } from './bill-notices.js';
import { courtesyCopyNote } from './bill-courtesy-copy.js';
import { artifact, FONT, group, startPdf, tag, type Struct } from './pdf-document.js';

type InvoiceBill = erpInvoices.InvoiceBill;
type Doc = PDFKit.PDFDocument;
type Part = InvoiceBill['frontPage']['parts'][number]['id'];
export interface BillBrand {
  logoMark: string;
  primaryColor: string;
  accentColor: string;
}

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
const perUnit = (cents: number | null, unit: string) =>
  cents === null
    ? '—'
    : `${new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(cents)} cent/${unit}`;
const date = (iso: string | null) => (iso ? formatDate(iso) : '—');
const quantity = (n: number, unit: string) => `${new Intl.NumberFormat('it-IT').format(n)} ${unit}`;

/** The lowest a part with the QR code may start: heading, code and quiet zone above the footer. */
const DETAILS_LAST_TOP = 670;
const INK = '#1b1b1f';
const MUTED = '#555555';
const LEFT = 50;
const WIDTH = 495;

export function renderBillPdf(
  bill: InvoiceBill,
  brand: BillBrand,
  now: Date,
  /** The address the QR code carries: the bill's detail page in the portal. */
  detailsUrl: string,
): Promise<Buffer> {
  const { doc, root, finish } = startPdf(
    {
      title: `${invoiceTypeName(bill.invoice.invoiceTypeCode)} n. ${bill.invoice.number}`,
      author: bill.company.legalName,
      subject: `Cliente ${bill.customer.customerCode}`,
    },
    now,
    { bufferPages: true },
  );

  header(doc, root, bill, brand);
  const draw: Record<Part, (section: Struct) => void> = {
    payment: (section) => payment(doc, section, bill, brand),
    supply: (section) => facts(doc, section, bill, detailsUrl),
    receipt: (section) => receipt(doc, section, bill),
    offer: (section) => offerBox(doc, section, bill),
    details: (section) => details(doc, section, detailsUrl),
  };
  for (const part of bill.frontPage.parts) {
    // A part starts on the page only with room for its first lines (the QR code's whole height).
    if (doc.y > (part.id === 'details' ? DETAILS_LAST_TOP : 700)) doc.addPage();
    group(doc, root, 'Sect', (section) => {
      heading(doc, section, part.title, brand);
      draw[part.id](section);
    });
  }
  doc.addPage();
  detail(doc, root, bill, brand);
  courtesyCopyNote(doc, root, bill);
  footer(doc, bill);
  return finish();
}

function heading(doc: Doc, parent: Struct, title: string, brand: BillBrand, level = 'H2') {
  const y = doc.y + 6;
  tag(doc, parent, level, () =>
    doc.fillColor(brand.primaryColor).font(FONT.bold).fontSize(11).text(title, LEFT, y, { width: WIDTH }),
  );
  doc.y += 3;
}

function paragraph(doc: Doc, parent: Struct, text: string, options: PDFKit.Mixins.TextOptions = {}) {
  tag(doc, parent, 'P', () => doc.text(text, options));
}

function header(doc: Doc, root: Struct, bill: InvoiceBill, brand: BillBrand) {
  tag(
    doc,
    root,
    'Figure',
    () => {
      doc.save().translate(LEFT, 40).scale(1.1);
      for (const shape of logoMarkShapes(brand.logoMark)) {
        const colour = shape.colour === 'primary' ? brand.primaryColor : brand.accentColor;
        if (shape.paint === 'fill') doc.path(shape.d).fill(colour);
        else doc.path(shape.d).lineWidth(shape.strokeWidth).lineCap('round').stroke(colour);
      }
      doc.restore();
    },
    { alt: `Logo di ${bill.company.name}` },
  );
  tag(doc, root, 'P', () =>
    doc
      .fillColor(brand.primaryColor)
      .font(FONT.bold)
      .fontSize(16)
      .text(bill.company.name, LEFT + 55, 46),
  );
  tag(doc, root, 'P', () =>
    doc
      .fillColor(MUTED)
      .font(FONT.regular)
      .fontSize(8)
      .text(`${bill.company.legalName} · P. IVA ${bill.company.vatNumber}`, LEFT + 55, 67)
      .text(bill.company.legalAddress, LEFT + 55, 77),
  );
  artifact(doc, () =>
    doc
      .moveTo(LEFT, 98)
      .lineTo(LEFT + WIDTH, 98)
      .lineWidth(1)
      .stroke(brand.primaryColor),
  );
  const { invoice, customer } = bill;
  const title = invoiceTypeName(invoice.invoiceTypeCode);
  tag(doc, root, 'H1', () =>
    doc.fillColor(INK).font(FONT.bold).fontSize(14).text(`${title} n. ${invoice.number}`, LEFT, 106),
  );
  tag(doc, root, 'P', () =>
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        elideBeforeNumbers(
          `Emessa il ${date(invoice.issueDate)} · Cliente ${customer.name} · Codice cliente ${customer.customerCode}`,
        ),
      ),
  );
}

/**
 * Facts side by side, each a label over its value; the row grows with its longest value. Two share
 * the width in halves, three in `widths` (a lone fact takes the whole width).
 */
function factRow(doc: Doc, parent: Struct, pairs: [string, string][], widths?: number[]) {
  const top = doc.y + 4;
  const columns = widths ?? (pairs.length === 1 ? [WIDTH] : pairs.map(() => 260));
  let bottom = top;
  let x = LEFT;
  pairs.forEach(([label, value], i) => {
    const column = columns[i] ?? 260;
    const left = x;
    tag(doc, parent, 'P', () => {
      doc
        .fillColor(MUTED)
        .font(FONT.regular)
        .fontSize(8)
        .text(label, left, top, { width: column - 10 });
      doc
        .fillColor(INK)
        .font(FONT.bold)
        .fontSize(9.5)
        // Under its label, however many lines the label took.
        .text(value, left, Math.max(top + 10, doc.y + 0.5), {
          width: Math.min(column - 10, WIDTH - (left - LEFT)),
        });
    });
    bottom = Math.max(bottom, doc.y);
    x += column;
  });
  doc.x = LEFT;
  doc.y = bottom + 2;
}

/**
 * What the amount box says, in the words every surface uses (ADR 052): "Totale bolletta", "Già
 * pagato", and on the right what the customer must do of it (`invoice.toPay`): what remains for them
 * to pay and by when, the day the bank takes it, or that collection is suspended. A credit is owed to
 * the customer; a paid bill says so.
 */
function amountBox(bill: InvoiceBill): {
  label: string;
  amount: string;
  paid?: string;
  side: [string, string];
  note?: string;
} {
  const { invoice } = bill;
  const { toPay } = invoice;
  if (bill.totalCents < 0) {
    return {
      label: 'Importo a tuo credito',
      amount: euro(-bill.totalCents),
      side: ['Rimborso', 'Con la prossima bolletta'],
    };
  }
  if (toPay.way === 'paid') {
    return { label: 'Bolletta pagata', amount: euro(bill.totalCents), side: ['Stato', 'Pagata'] };
  }
  const paidCents = invoice.amountCents - invoice.outstandingCents;
  const head = {
    label: 'Totale bolletta',
    amount: euro(bill.totalCents),
    ...(paidCents > 0 ? { paid: `Già pagato: ${euro(paidCents)}` } : {}),
  };
  const prescribed =
    toPay.prescribedCents > 0 ? ` · prescritti, non richiesti: ${euro(toPay.prescribedCents)}` : '';
  switch (toPay.way) {
    case 'direct_debit':
      return {
        ...head,
        side: [elideBeforeNumbers(`Addebito sul conto il ${date(toPay.byDate)}`), euro(toPay.debitCents)],
        note: `Non devi fare nulla${prescribed}`,
      };
    case 'suspended':
      return {
        ...head,
        side: ['Pagamento sospeso', 'Reclamo in corso'],
        note: `Non ti chiediamo ${euro(toPay.suspendedCents)} fino alla risposta`,
      };
    case 'pending':
      return { ...head, side: ['Pagamento', 'In attesa di conferma'] };
    case 'prescribed':
      return { ...head, side: ['Importi prescritti', 'Nulla da pagare'] };
    case 'installments':
      return {
        ...head,
        side: [`Resta da pagare: rata n. ${toPay.installmentNumber ?? ''}`, euro(toPay.yoursCents)],
        note:
          elideBeforeNumbers(`${toPay.overdue ? 'Scaduta il' : 'Entro il'} ${date(toPay.byDate)}`) +
          prescribed,
      };
    default:
      return {
        ...head,
        side: ['Resta da pagare', euro(toPay.yoursCents)],
        note:
          elideBeforeNumbers(`${toPay.overdue ? 'Scaduta il' : 'Entro il'} ${date(toPay.byDate)}`) +
          prescribed,
      };
  }
}

/** How the bill is paid: the brand's ways (a card in the portal only where it takes payments). */
function paymentMethod(bill: InvoiceBill): string {
  const { payment } = bill;
  if (payment.method === 'direct_debit') {
    const sepa = `Addebito diretto SEPA · ${payment.iban ?? ''}`;
    return bill.invoice.toPay.way === 'suspended'
      ? `${sepa} · sospeso: non la addebitiamo finché il reclamo è aperto`
      : sepa;
  }
  return payment.online
    ? 'Avviso di pagamento (pagoPA, bollettino o carta nel portale)'
    : 'Bonifico o avviso di pagamento pagoPA/CBILL (codice avviso e IBAN nella pagina della bolletta)';
}

/** The box with what to pay and by when (or what is owed back): the first thing a reader looks for. */
function payment(doc: Doc, section: Struct, bill: InvoiceBill, brand: BillBrand) {
  const top = doc.y + 2;
  const box = amountBox(bill);
  artifact(doc, () => doc.roundedRect(LEFT, top, WIDTH, 62, 6).fill(brand.primaryColor));
  tag(doc, section, 'P', () => {
    doc
      .fillColor('#ffffff')
      .font(FONT.regular)
      .fontSize(10)
      .text(box.label, LEFT + 16, top + 10);
    doc
      .font(FONT.bold)
      .fontSize(20)
      .text(box.amount, LEFT + 16, top + 26);
    if (box.paid)
      doc
        .font(FONT.regular)
        .fontSize(9)
        .text(box.paid, LEFT + 16, top + 48);
  });
  tag(doc, section, 'P', () => {
    doc
      .font(FONT.regular)
      .fontSize(10)
      .text(box.side[0], LEFT + 300, top + 10, { width: 190 });
    doc
      .font(FONT.bold)
      .fontSize(15)
      .text(box.side[1], LEFT + 300, top + 26, { width: 180 });
    if (box.note)
      doc
        .font(FONT.regular)
        .fontSize(9)
        .text(box.note, LEFT + 300, top + 46, { width: 190 });
  });
  doc.y = top + 66;
  factRow(doc, section, [['Modalità di pagamento', paymentMethod(bill)]]);
  billNotices(doc, section, bill, { left: LEFT, width: WIDTH, color: INK });
}

function facts(doc: Doc, section: Struct, bill: InvoiceBill, detailsUrl: string) {
  const { invoice, customer, frontPage } = bill;
  const unit = bill.consumption.unit;
  factRow(doc, section, [
    ['Intestatario', `${customer.name}${customer.fiscalCode ? ` · ${customer.fiscalCode}` : ''}`],
    ['Contratto', invoice.contract.number],
  ]);
  factRow(doc, section, [
    ['Periodo di fornitura', `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`],
    ['Consumo fatturato nel periodo', quantity(bill.consumption.quantity, unit)],
  ]);
  for (const supply of bill.supplies) {
    const name = supply.nickname ? `${supply.nickname} · ` : '';
    // The address on one line where it fits: the supply takes two thirds of the width.
    factRow(
      doc,
      section,
      [
        [COMMODITY[supply.commodity] ?? supply.commodity, `${supply.pointCode}\n${name}${supply.address}`],
        [supply.emergency.label, supply.emergency.phone],
      ],
      [330, 165],
    );
  }
  const yearly = frontPage.yearlyConsumption;
  factRow(
    doc,
    section,
    [
      ['Mercato', frontPage.market?.label ?? '—'],
      [
        'Consumo annuo',
        yearly
          ? `${quantity(yearly.quantity, yearly.unit)} dal ${date(yearly.from)} al ${date(yearly.to)}`
          : '—',
      ],
      ['Costo medio (senza canone TV)', perUnit(bill.averageCentsPerUnit, unit)],
    ],
    [125, 225, 145],
  );
  complaints(doc, section, bill, detailsUrl);
}

/** Where and how to file a complaint, with the portal's form for a sender without an account. */
function complaints(doc: Doc, section: Struct, bill: InvoiceBill, detailsUrl: string) {
  const { howToFile, formPath, nextSteps } = bill.frontPage.complaints;
  const form = new URL(formPath, detailsUrl);
  form.search = new URL(detailsUrl).search;
  tag(doc, section, 'P', () =>
    doc
      .fillColor(INK)
      .font(FONT.bold)
      .fontSize(7.5)
      .text('Reclami. ', LEFT, doc.y + 4, { width: WIDTH, continued: true })
      .font(FONT.regular)
      .fillColor(MUTED)
      .text(`${howToFile} Modulo online: ${form.toString()} – ${nextSteps}`),
  );
}

/**
 * The scontrino: each quota as quantity × unit price with its supplier and network shares, then
 * taxes, VAT and each further line apart (TV licence, social bonus, other items, compensations).
 */
function receipt(doc: Doc, section: Struct, bill: InvoiceBill) {
  const { energyReceipt } = bill.frontPage;
  const rows: string[][] = [
    ['Voce', 'Quantità × prezzo', 'Vendita', 'Rete e oneri', 'Totale'],
    ...energyReceipt.quotas.map((q) => [
      q.label,
      quotaQuantityText(q),
      euro(q.saleCents),
      euro(q.networkCents),
      euro(q.totalCents),
    ]),
    ...energyReceipt.others.map((line) => [line.label, '', '', '', euro(line.amountCents)]),
    ['Totale bolletta', '', '', '', euro(energyReceipt.totalCents)],
  ];
  table(doc, section, rows, [125, 150, 70, 80, 70], {
    header: true,
    footer: true,
    size: 8.5,
    rowHeight: 12.5,
  });
}

function offerBox(doc: Doc, section: Struct, bill: InvoiceBill) {
  const { offers, offerPortalUrl } = bill.frontPage;
  doc.fillColor(INK).font(FONT.regular).fontSize(8.5);
  if (offers.length === 0) paragraph(doc, section, 'Offerta non indicata per questa bolletta.');
  for (const offer of offers) {
    const ends = offer.endsOn
      ? `Condizioni economiche valide fino al ${date(offer.endsOn)}`
      : 'Condizioni economiche senza scadenza';
    paragraph(doc.font(FONT.bold), section, `${offer.name} · Codice offerta ${offer.code} · ${ends}`, {
      width: WIDTH,
    });
    const prices = offer.prices.map((p) => `${p.label}: ${formatPrice(p.milliEuro, p.unit, p.hourly)}`);
    paragraph(
      doc.font(FONT.regular),
      section,
      [`Tipo di prezzo: ${offer.priceType}`, ...prices].join(' · '),
      {
        width: WIDTH,
      },
    );
    if (offer.conditions.length > 0) paragraph(doc, section, offer.conditions.join(' '), { width: WIDTH });
  }
  paragraph(
    doc.fillColor(MUTED).fontSize(8),
    section,
    `Con il codice offerta puoi confrontarla con le altre sul Portale Offerte: ${offerPortalUrl}`,
    { width: WIDTH },
  );
}

/** The QR code to the bill's detail page, drawn as vector modules, with the same address in words. */
function details(doc: Doc, section: Struct, url: string) {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const size = 84;
  const cell = size / qr.modules.size;
  // The quiet zone a scanner needs (four modules) is kept free above the code and beside it.
  const top = doc.y + 12;
  tag(
    doc,
    section,
    'Figure',
    () => {
      for (let row = 0; row < qr.modules.size; row++)
        for (let col = 0; col < qr.modules.size; col++)
          if (qr.modules.get(row, col)) doc.rect(LEFT + col * cell, top + row * cell, cell, cell);
      doc.fill(INK);
    },
    { alt: `Codice QR: apre gli elementi di dettaglio di questa bolletta nel portale, ${url}` },
  );
  // The words go beside the code, never over it: placed before they are laid out.
  const x = LEFT + size + 16;
  doc.x = x;
  doc.y = top;
  paragraph(
    doc.fillColor(INK).font(FONT.regular).fontSize(9),
    section,
    'Gli elementi di dettaglio della bolletta (letture, consumi per fascia, voci di prezzo, pagamenti) sono ' +
      'pubblicati nel portale: inquadra il codice QR o apri questo indirizzo. Si apre dopo l’accesso con le ' +
      'credenziali dell’intestatario.',
    { width: WIDTH - size - 16 },
  );
  const link = doc.struct('Link');
  section.add(link);
  link.add(() =>
    doc
      .fillColor(MUTED)
      .fontSize(7.5)
      .text(url, x, doc.y + 4, { width: WIDTH - size - 16 }),
  );
  // The link annotation covers the QR code, so a reader of the PDF on screen can follow it too.
  doc.link(LEFT, top, size, size, url, { structParent: link } as PDFKit.Mixins.AnnotationOption);
  link.end();
  doc.x = LEFT;
  doc.y = Math.max(doc.y, top + size) + 6;
}

/**
 * Why the bill differs from the previous one and from last year's (ADR 070): the answer's sentence
 * first, then its parts (which add up to the difference) and what to know besides, as the page says.
 */
function difference(doc: Doc, root: Struct, bill: InvoiceBill, brand: BillBrand) {
  group(doc, root, 'Sect', (section) => {
    heading(doc, section, 'Perché questa bolletta è diversa', brand);
    for (const explained of [bill.difference.previous, bill.difference.lastYear]) {
      paragraph(doc.fillColor(INK).font(FONT.bold).fontSize(9), section, explained.sentence, {
        width: WIDTH,
      });
      doc.moveDown(0.2);
      if (explained.parts.length > 0 && explained.totalCents !== null)
        table(
          doc,
          section,
          [
            ['Voce', 'Differenza'],
            ...explained.parts.map((part) => [part.label, formatSignedEuro(part.amountCents)]),
            ['Differenza totale', formatSignedEuro(explained.totalCents)],
          ],
          [395, 100],
          { header: true, footer: true },
        );
      for (const note of explained.notes)
        paragraph(doc.fillColor(MUTED).font(FONT.regular).fontSize(8.5), section, note, { width: WIDTH });
      doc.moveDown(0.5);
    }
  });
}

function detail(doc: Doc, root: Struct, bill: InvoiceBill, brand: BillBrand) {
  doc.y = 60;
  difference(doc, root, bill, brand);
  group(doc, root, 'Sect', (section) => {
    heading(doc, section, 'Letture e consumi', brand);
    for (const supply of bill.supplies) {
      paragraph(
        doc.fillColor(INK).font(FONT.bold).fontSize(9),
        section,
        `${supply.pointCode} · ${supply.address}`,
        {
          width: WIDTH,
        },
      );
      const { start, end } = supply.readings;
      const bands = Object.keys(supply.consumptionByBand);
      if (!start || !end || bands.length === 0) {
        paragraph(
          doc.font(FONT.regular).fillColor(MUTED),
          section,
          'Letture non disponibili per il periodo.',
        );
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
      table(doc, section, rows, [80, 150, 150, 115], { header: true });
      doc.moveDown(0.4);
    }
  });

  group(doc, root, 'Sect', (section) => {
    heading(doc, section, 'Dettaglio degli importi', brand);
    for (const part of bill.sections) {
      if (doc.y > 740) doc.addPage();
      const y = doc.y + 2;
      tag(doc, section, 'H3', () =>
        doc.fillColor(INK).font(FONT.bold).fontSize(10).text(part.title, LEFT, y, { width: 360 }),
      );
      tag(doc, section, 'P', () =>
        doc.text(euro(part.totalCents), LEFT + 360, y, { width: WIDTH - 360, align: 'right' }),
      );
      doc.y = Math.max(doc.y, y + 13);
      table(
        doc,
        section,
        part.lines.map((line) => [line.label, line.quantity ?? '', euro(line.amountCents)]),
        [260, 135, 100],
      );
      doc.moveDown(0.3);
    }
  });
}

/**
 * Rows as a tagged table (Table > TR > TH/TD), the last column right-aligned. `header` makes the
 * first row column headers; `footer` sets the last row in bold under a rule.
 */
function table(
  doc: Doc,
  parent: Struct,
  rows: string[][],
  widths: number[],
  options: { header?: boolean; footer?: boolean; size?: number; rowHeight?: number } = {},
) {
  const size = options.size ?? 8.5;
  const rowHeight = options.rowHeight ?? 13;
  group(doc, parent, 'Table', (tableElement) => {
    rows.forEach((row, r) => {
      const head = options.header === true && r === 0;
      const foot = options.footer === true && r === rows.length - 1;
      const y = doc.y;
      if (foot)
        artifact(doc, () =>
          doc
            .moveTo(LEFT, y - 2)
            .lineTo(LEFT + WIDTH, y - 2)
            .lineWidth(0.5)
            .stroke(MUTED),
        );
      group(doc, tableElement, 'TR', (tr) => {
        let x = LEFT;
        row.forEach((cell, c) => {
          const width = widths[c] ?? 100;
          const left = x;
          tag(doc, tr, head ? 'TH' : 'TD', () =>
            doc
              .font(head || foot ? FONT.bold : FONT.regular)
              .fontSize(size)
              .fillColor(INK)
              .text(cell, left, y, {
                width,
                align: c === row.length - 1 || (c > 0 && cell.endsWith('€')) ? 'right' : 'left',
                lineBreak: false,
              }),
          );
          x += width;
        });
      });
      doc.y = y + rowHeight;
    });
  });
  // The next paragraph starts at the margin, not where the last cell was drawn.
  doc.x = LEFT;
}

function footer(doc: Doc, bill: InvoiceBill) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would open a new page.
    doc.page.margins.bottom = 0;
    artifact(doc, () =>
      doc
        .fillColor(MUTED)
        .font(FONT.regular)
        .fontSize(7)
        .text(
          `${bill.company.legalName} · P. IVA ${bill.company.vatNumber} · ${bill.company.legalAddress} · Servizio clienti ${bill.company.helpPhone} · Pagina ${i + 1} di ${range.count}`,
          LEFT,
          800,
          { width: WIDTH, align: 'center', lineBreak: false },
        ),
    );
  }
}
