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
  isNoticeInTime,
  isPerUse,
  noticeSupplyLabel,
  priceChangeNotice,
  priceComponentChanges,
  todayInRome,
  type PriceComponent,
} from '@sportello/domain';
import { conflict, fieldError, notFound, unprocessable } from '../../http/app-error.js';
import type { MessagesService } from '../messages/service.js';
import { monthlyUse, useUnitOf } from '../metering/monthly-use.js';
import type { MeteringService } from '../metering/service.js';
import type { PriceChangesRepository } from './repository.js';

/** The messages' category of a notice (as the ERP files contract letters). */
export const NOTICE_CATEGORY = 'Contratto';

export function createAnnouncement(deps: {
  repository: PriceChangesRepository;
  metering: Pick<MeteringService, 'consumptions'>;
  messages: Pick<MessagesService, 'send'>;
}) {
  const { repository } = deps;

  return {
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

      const uses = await monthlyUse(deps.metering, supply.key, noticeOn, now);
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

      const { title, body } = priceChangeNotice({
        reference: stored.key,
        offerName: offer.name,
        supply: noticeSupplyLabel(supply),
        effectiveOn: input.effectiveOn,
        changes,
        estimate,
        unit,
      });
      try {
        const message = await deps.messages.send({
          customerId: supply.customerId,
          title,
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
