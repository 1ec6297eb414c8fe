// mariorossi's price change (ADR 035, ADR 058): the hourly-price electricity offer's spread and fixed
// fee go up, notified by e-mail twelve days ago, applying from the first day the rule allows (three
// months from the first of the month after he received it). The estimate is @sportello/domain's on the supply's own use of the twelve whole months
// before the notice — the months its chart shows, which the demo's usage model gives exactly (ADR
// 024) — and the notice is worded by the domain as the server words one. It was read two days later.
import { messages, priceChanges } from '@sportello/db/schema';
import {
  earliestChangeDate,
  estimateMonths,
  estimateUnilateralChange,
  noticeSupplyLabel,
  priceChangeNotice,
  priceComponentChanges,
  type PriceComponent,
} from '@sportello/domain';
import { OFFERS } from '../companies/companies.js';
import { OFFER_TERMS } from '../companies/offer-terms.js';
import { monthlyUsage } from '../consumption/usage.js';
import type { BuiltContract } from '../customers/customer-builder.js';
import { nextKey, type SeedContext } from '../engine/context.js';
import { addDays, addMonths, romeInstant } from '../engine/dates.js';

const OFFER = 'luce-oraria';
/** The spread on the PUN from 12 to 22 thousandths of a euro per kWh, the fixed fee from 9 to 10 € a month. */
const NEW_PRICES: PriceComponent[] = OFFER_TERMS[OFFER].prices.map((p) =>
  p.unit === 'kWh' ? { ...p, milliEuro: 22 } : { ...p, milliEuro: 10_000 },
);
/** Days before the demo's today the notice went out. */
const NOTICE_DAYS_AGO = 12;

export function addMarioPriceChange(ctx: SeedContext, customerId: number, electricity: BuiltContract) {
  const supply = electricity.supplies[0];
  if (!supply) return;
  const noticeOn = addDays(ctx.today, -NOTICE_DAYS_AGO);
  const effectiveOn = earliestChangeDate(noticeOn);
  const changes = priceComponentChanges(OFFER_TERMS[OFFER].prices, NEW_PRICES);
  const { from } = estimateMonths(noticeOn);
  const uses = Array.from({ length: 12 }, (_, i) => {
    const month = addMonths(from, i).slice(0, 7);
    return { month, quantity: monthlyUsage(ctx.seed, supply, month) };
  });
  const estimate = estimateUnilateralChange({
    uses,
    changes,
    contractualPowerKw: supply.powerKw,
    // Mario is a household: 10 % VAT on his electricity.
    customerType: 'private',
    commodity: 'electricity',
    today: noticeOn,
  });
  const reference = `VAR-${noticeOn.slice(0, 4)}-${ctx.company.code.toUpperCase()}001`;
  const { title, body } = priceChangeNotice({
    reference,
    offerName: OFFERS[OFFER].name,
    supply: noticeSupplyLabel(supply),
    effectiveOn,
    changes,
    estimate,
    unit: 'kWh',
  });
  const messageId = ctx.ids.next(messages);
  const sentAt = romeInstant(noticeOn, 9, 30);
  ctx.buffer.add(messages, {
    id: messageId,
    key: nextKey(ctx, 'MSG'),
    customerId,
    title,
    body,
    category: 'Contratto',
    sentAt,
    readAt: romeInstant(addDays(noticeOn, 2), 20, 15),
  });
  ctx.buffer.add(priceChanges, {
    id: ctx.ids.next(priceChanges),
    key: reference,
    companyCode: ctx.company.code,
    customerId,
    supplyId: supply.id,
    offerId: ctx.offerIds[OFFER],
    messageId,
    noticeOn,
    effectiveOn,
    medium: 'email',
    receivedOn: noticeOn,
    changes,
    usedMilliUnits: (estimate?.quantity ?? 0) * 1000,
    monthsCounted: estimate?.monthsCounted ?? 0,
    yearlyEffectCents: estimate?.yearlyEffectCents ?? null,
    vatPercent: estimate?.vatPercent ?? null,
    createdAt: sentAt,
  });
}
