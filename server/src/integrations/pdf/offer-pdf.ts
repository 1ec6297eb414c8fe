// The offer sheet as a one-page PDF: name, prices and conditions, drawn by the PDF integration so it
// is tagged and embeds its fonts like the bill (ADR 031).
import type { erpSupplies } from '@sportello/contract';
import { formatPrice } from '@sportello/domain';
import type * as z from 'zod/mini';
import { FONT, startPdf, tag } from './pdf-document.js';

type Offer = z.infer<typeof erpSupplies.offerSchema>;

export function offerSheetLines(offer: Offer): string[] {
  return [
    offer.name,
    offer.hourly ? 'Prezzo orario: segue il PUN ora per ora' : `Tipo di prezzo: ${offer.priceType}`,
    ...(offer.description ? [offer.description] : []),
    '',
    'Prezzi',
    ...offer.prices.map((p) => `${p.label}: ${formatPrice(p.milliEuro, p.unit, p.hourly)}`),
    '',
    'Condizioni',
    ...offer.conditions.map((c) => `- ${c}`),
  ];
}

/** The sheet as a tagged one-page PDF like every document of ours: the name as title, then its lines. */
export function renderOfferPdf(offer: Offer, now: Date): Promise<Buffer> {
  const { doc, root, finish } = startPdf(
    { title: offer.name, author: offer.name, subject: `Offerta ${offer.key}` },
    now,
  );
  const [name, ...lines] = offerSheetLines(offer);
  tag(doc, root, 'H1', () =>
    doc
      .font(FONT.bold)
      .fontSize(18)
      .text(name ?? offer.name),
  );
  doc.font(FONT.regular).fontSize(11);
  for (const line of lines) {
    if (line === '') doc.moveDown(0.5);
    else if (line === 'Prezzi' || line === 'Condizioni')
      tag(doc, root, 'H2', () => doc.font(FONT.bold).text(line).font(FONT.regular));
    else tag(doc, root, 'P', () => doc.text(line));
  }
  return finish();
}
