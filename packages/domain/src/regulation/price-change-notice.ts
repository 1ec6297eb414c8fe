// The words of a price-change notice (ADR 035, ADR 058): the same letter whether it goes by e-mail or
// post, the server announces it or the demo seeds one, and the same sentences the supply page shows.
// Codice di condotta commerciale art. 13 asks for the new conditions, their effect, the date they apply
// and how to withdraw without charges; the effect is the customer's own estimate, VAT included
// (unilateral-change.ts).
import { formatDateLong } from '../format';
import {
  formatPrice,
  formatYearlyEffect,
  penaltyFreeUntil,
  type PriceComponentChange,
  type UnilateralChangeEstimate,
} from './unilateral-change';

// Built on first use, then kept (format.ts says why).
let month: Intl.DateTimeFormat | undefined;
const monthName = (isoDate: string) =>
  (month ??= new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
let wholeUnits: Intl.NumberFormat | undefined;

/** "Energia: da 0,012 €/kWh a 0,022 €/kWh", "…: nuovo, 1,00 €/mese", "…: non più applicato (era …)". */
export function priceChangeLine(c: PriceComponentChange): string {
  const price = (milli: number) => formatPrice(milli, c.unit, c.hourly);
  if (c.oldMilliEuro === null) return `${c.label}: nuovo, ${price(c.newMilliEuro ?? 0)}`;
  if (c.newMilliEuro === null) return `${c.label}: non più applicato (era ${price(c.oldMilliEuro)})`;
  return `${c.label}: da ${price(c.oldMilliEuro)} a ${price(c.newMilliEuro)}`;
}

/** The months an estimate counted, in words: "da novembre 2025 a ottobre 2026". */
export function estimateSpan(estimate: Pick<UnilateralChangeEstimate, 'from' | 'to'>): string {
  const last = new Date(`${estimate.to}T00:00:00Z`);
  last.setUTCDate(0);
  return `da ${monthName(estimate.from)} a ${monthName(last.toISOString().slice(0, 10))}`;
}

/** The estimate in one sentence; without one, what the customer will see instead. */
export function estimateSentence(
  estimate: Pick<
    UnilateralChangeEstimate,
    'from' | 'to' | 'quantity' | 'monthsCounted' | 'yearlyEffectCents'
  > | null,
  unit: string,
): string {
  if (!estimate) {
    return 'Non abbiamo consumi degli ultimi 12 mesi su cui stimare l’effetto della variazione: lo vedrai nelle prossime bollette.';
  }
  wholeUnits ??= new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
  const used = `${wholeUnits.format(estimate.quantity)} ${unit}`;
  const basis =
    estimate.monthsCounted >= 12 || estimate.monthsCounted === 0
      ? `${used} ${estimateSpan(estimate)}`
      : `${used} in ${estimate.monthsCounted} mesi ${estimateSpan(estimate)}, riportati a un anno`;
  const on = estimate.monthsCounted === 0 ? '' : `, stimato sui tuoi consumi degli ultimi 12 mesi (${basis})`;
  return `Per te circa ${formatYearlyEffect(estimate.yearlyEffectCents)} all’anno${on}, IVA inclusa.`;
}

/** How to withdraw without charges (art. 13): what the customer does, and that it costs nothing. */
export const WITHDRAWAL =
  'Come recedere senza oneri: sottoscrivi un contratto con un altro fornitore, che comunica il recesso per te, oppure scrivici che vuoi recedere (dalla sezione Assistenza del portale, per e-mail o per posta). Il recesso non ti costa nulla.';

/** The notice's title and body; paragraphs are separated by a blank line. */
export function priceChangeNotice(notice: {
  reference: string;
  offerName: string;
  /** "Casa (POD IT001E…), Via Garibaldi 1, Roma": the supply as the customer knows it. */
  supply: string;
  effectiveOn: string;
  changes: readonly PriceComponentChange[];
  estimate: UnilateralChangeEstimate | null;
  unit: string;
}): { title: string; body: string } {
  const effective = formatDateLong(notice.effectiveOn);
  const body = [
    `Dal ${effective} cambiano le condizioni economiche dell’offerta ${notice.offerName} della fornitura ${notice.supply}.`,
    'Cosa cambia:',
    ...notice.changes.map(priceChangeLine),
    estimateSentence(notice.estimate, notice.unit),
    `Puoi cambiare fornitore o offerta senza penali fino al ${formatDateLong(penaltyFreeUntil(notice.effectiveOn))}. Se non fai nulla, dal ${effective} si applicano i nuovi prezzi.`,
    WITHDRAWAL,
    `Rif. ${notice.reference}. Comunicazione di variazione unilaterale ai sensi dell’art. 13 del Codice di condotta commerciale ARERA.`,
  ].join('\n\n');
  return { title: `Cambiano i prezzi della tua offerta ${notice.offerName}`, body };
}

const POINT_LABEL: Record<string, string> = { electricity: 'POD', gas: 'PDR', heat: 'codice impianto' };

/** "Casa (POD IT001E…), Via Garibaldi 1, Roma". */
export function noticeSupplyLabel(supply: {
  nickname: string | null;
  commodity: string;
  pointCode: string;
  address: string;
  locality: string;
}): string {
  const point = `${POINT_LABEL[supply.commodity] ?? 'POD'} ${supply.pointCode}`;
  const name = supply.nickname ? `${supply.nickname} (${point})` : point;
  return `${name}, ${supply.address}, ${supply.locality}`;
}
