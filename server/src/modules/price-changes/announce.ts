// Announcing a unilateral change of an offer's prices (Codice di condotta commerciale art. 13; ADR 032,
// ADR 035): given a supply and its offer's new prices and the day they apply, the notice is built with
// the customer's own estimate of the yearly effect — the supply's use of the twelve whole months before
// the notice, read from the same monthly figures its consumption chart shows, priced by
// @sportello/domain's `estimateUnilateralChange` — and the last day to switch without charges. It is
// stored once per supply and day of change, then sent as a message of the `priceChange` kind, which
// reaches the customer whatever the commercial and technical flags say. The back office calls this;
// the portal has no call for it.
import {
  estimateMonths,
  estimateUnilateralChange,
  formatDateLong,
  formatPrice,
  formatYearlyEffect,
  isNoticeInTime,
  isPerUse,
  penaltyFreeUntil,
  priceComponentChanges,
  todayInRome,
  type PriceComponent,
  type PriceComponentChange,
  type UnilateralChangeEstimate,
} from '@sportello/domain';
import { conflict, fieldError, notFound, unprocessable } from '../../http/app-error.js';
import type { MessagesService } from '../messages/service.js';
import type { MeteringService } from '../metering/service.js';
import type { PriceChangesRepository } from './repository.js';

/** The messages' category of a notice (as the ERP files contract letters). */
export const NOTICE_CATEGORY = 'Contratto';

const POINT_LABEL: Record<string, string> = { electricity: 'POD', gas: 'PDR', heat: 'codice impianto' };
export const useUnitOf = (commodity: string): 'kWh' | 'Smc' => (commodity === 'gas' ? 'Smc' : 'kWh');

const month = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthName = (isoDate: string) => month.format(new Date(`${isoDate}T00:00:00Z`));
const quantity = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });

/** "da 0,012 €/kWh a 0,022 €/kWh", "nuovo: 1,00 €/mese", "non più applicato (era 9,00 €/mese)". */
export function changeLine(c: PriceComponentChange): string {
  const price = (milli: number) => formatPrice(milli, c.unit, c.hourly);
  if (c.oldMilliEuro === null) return `${c.label}: nuovo, ${price(c.newMilliEuro ?? 0)}`;
  if (c.newMilliEuro === null) return `${c.label}: non più applicato (era ${price(c.oldMilliEuro)})`;
  return `${c.label}: da ${price(c.oldMilliEuro)} a ${price(c.newMilliEuro)}`;
}

/** The words of the estimate, the same the supply page shows. */
export function estimateSentence(estimate: UnilateralChangeEstimate | null, unit: string): string {
  if (!estimate) {
    return 'Non abbiamo consumi degli ultimi 12 mesi su cui stimare l’effetto della variazione: lo vedrai nelle prossime bollette.';
  }
  const { from, to } = estimate;
  const last = new Date(`${to}T00:00:00Z`);
  last.setUTCDate(0);
  const span = `da ${monthName(from)} a ${monthName(last.toISOString().slice(0, 10))}`;
  const basis =
    estimate.monthsCounted === 12
      ? `${quantity.format(estimate.quantity)} ${unit} ${span}`
      : `${quantity.format(estimate.quantity)} ${unit} in ${estimate.monthsCounted} mesi ${span}, riportati a un anno`;
  return `Per te circa ${formatYearlyEffect(estimate.yearlyEffectCents)} all’anno, stimato sui tuoi consumi degli ultimi 12 mesi (${basis}), IVA e imposte escluse.`;
}

export function createAnnouncement(deps: {
  repository: PriceChangesRepository;
  metering: Pick<MeteringService, 'consumptions'>;
  messages: Pick<MessagesService, 'send'>;
}) {
  const { repository } = deps;

  /** The use of the months an estimate made on `today` counts, from the supply's monthly figures. */
  async function monthlyUse(supplyKey: string, today: string, now: Date) {
    const { from, to } = estimateMonths(today);
    const answer = await deps.metering.consumptions({ supplyKey, from, to, granularity: 'month' }, now);
    return answer.points.map((point) => {
      const milliUnits = Object.values(point.milliUnits).reduce((sum, n) => sum + n, 0);
      return { month: point.period, quantity: milliUnits / 1000, milliUnits };
    });
  }

  return {
    monthlyUse,

    /**
     * Builds, stores and sends the notice of `prices` replacing the supply's offer prices from
     * `effectiveOn`. Refused: a supply without an offer, prices that change nothing, a price per use
     * in another unit than the supply's, a change applying sooner than three months after today, a
     * second notice for the same supply and day. Answers the stored notice's reference.
     */
    async announce(
      input: { supplyKey: string; prices: readonly PriceComponent[]; effectiveOn: string },
      now: Date,
    ): Promise<{ key: string; messageKey: string }> {
      const found = await repository.supply(input.supplyKey);
      if (!found) throw notFound();
      const { supply, offer } = found;
      if (!offer) throw unprocessable('price_change_no_offer');
      const changes = priceComponentChanges(offer.prices, input.prices);
      if (changes.length === 0) throw unprocessable('price_change_nothing');
      const unit = useUnitOf(supply.commodity);
      if (changes.some((c) => isPerUse(c.unit) && c.unit !== unit))
        throw unprocessable('price_change_unit', [fieldError('prices', 'price_change_unit')]);
      const noticeOn = todayInRome(now);
      if (!isNoticeInTime(noticeOn, input.effectiveOn))
        throw unprocessable('price_change_late', [fieldError('effectiveOn', 'price_change_late')]);

      const uses = await monthlyUse(supply.key, noticeOn, now);
      const power = Number(supply.technicalData?.contractualPowerKw ?? 0);
      const estimate = estimateUnilateralChange({
        uses,
        changes,
        contractualPowerKw: Number.isFinite(power) ? power : 0,
        today: noticeOn,
      });
      const { from, to } = estimateMonths(noticeOn);
      const counted = uses.filter((u) => u.month >= from.slice(0, 7) && u.month < to.slice(0, 7));
      const stored = await repository.insert(
        {
          companyCode: found.companyCode,
          customerId: supply.customerId,
          supplyId: supply.id,
          offerId: offer.id,
          noticeOn,
          effectiveOn: input.effectiveOn,
          changes,
          usedMilliUnits: counted.reduce((sum, u) => sum + u.milliUnits, 0),
          monthsCounted: estimate?.monthsCounted ?? 0,
          yearlyEffectCents: estimate?.yearlyEffectCents ?? null,
          createdAt: now,
        },
        Number(noticeOn.slice(0, 4)),
      );
      if (!stored) throw conflict('price_change_exists');

      const name = supply.nickname
        ? `${supply.nickname} (${POINT_LABEL[supply.commodity] ?? 'POD'} ${supply.pointCode})`
        : `${POINT_LABEL[supply.commodity] ?? 'POD'} ${supply.pointCode}`;
      const effective = formatDateLong(input.effectiveOn);
      const body = [
        `Dal ${effective} cambiano le condizioni economiche dell’offerta ${offer.name} della fornitura ${name}, ${supply.address}, ${supply.locality}.`,
        'Cosa cambia:',
        ...changes.map(changeLine),
        estimateSentence(estimate, unit),
        `Puoi cambiare fornitore o offerta senza penali fino al ${formatDateLong(penaltyFreeUntil(input.effectiveOn))}. Se non fai nulla, dal ${effective} si applicano i nuovi prezzi.`,
        `Rif. ${stored.key}. Comunicazione di variazione unilaterale ai sensi dell’art. 13 del Codice di condotta commerciale ARERA.`,
      ].join('\n\n');
      try {
        const message = await deps.messages.send({
          customerId: supply.customerId,
          title: `Cambiano i prezzi della tua offerta ${offer.name}`,
          body,
          category: NOTICE_CATEGORY,
          kind: 'priceChange',
          now,
        });
        await repository.setMessage(stored.id, Number(message.id));
        return { key: stored.key, messageKey: message.key };
      } catch (err) {
        // Not sent, not kept: the back office may announce it again.
        await repository.remove(stored.id);
        throw err;
      }
    },
  };
}
