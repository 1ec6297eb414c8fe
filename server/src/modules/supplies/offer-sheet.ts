// The offer sheet as a one-page PDF: name, prices and conditions in Helvetica (WinAnsi, so Italian
// accents and the euro sign print). Small enough to write by hand; bills use the PDF integration.
import type { erpSupplies } from '@sportello/contract';
import type * as z from 'zod/mini';

type Offer = z.infer<typeof erpSupplies.offerSchema>;

const UNITS: Record<Offer['prices'][number]['unit'], string> = {
  kWh: '€/kWh',
  Smc: '€/Smc',
  month: '€/mese',
  year: '€/anno',
  kW: '€/kW',
};

/** 123 milli-euro → "0,123". */
const euro = (milli: number) => (milli / 1000).toFixed(3).replace('.', ',');

export function offerSheetLines(offer: Offer): string[] {
  return [
    offer.name,
    offer.hourly ? 'Prezzo orario: segue il PUN ora per ora' : `Tipo di prezzo: ${offer.priceType}`,
    ...(offer.description ? [offer.description] : []),
    '',
    'Prezzi',
    ...offer.prices.map(
      (p) => `${p.label}: ${p.hourly ? 'PUN + ' : ''}${euro(p.milliEuro)} ${UNITS[p.unit]}`,
    ),
    '',
    'Condizioni',
    ...offer.conditions.map((c) => `- ${c}`),
  ];
}

/** PDF string literal in WinAnsi: escapes, € as \200, anything outside Latin-1 as '?'. */
function pdfText(line: string): string {
  let out = '';
  for (const ch of line) {
    if (ch === '€') out += '\\200';
    else if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (ch === '’') out += "'";
    else out += ch.charCodeAt(0) <= 0xff ? ch : '?';
  }
  return `(${out})`;
}

export function offerSheetPdf(offer: Offer): Buffer {
  const lines = offerSheetLines(offer);
  const text = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 56 ${790 - i * 18} Td ${pdfText(line)} Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
