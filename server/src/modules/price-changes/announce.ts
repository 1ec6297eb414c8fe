// Announcing a unilateral change of an offer's prices (Codice di condotta commerciale art. 13 as
// amended by delibera 395/2024; ADR 058): given a supply, its offer's new prices and the day they
// apply, the notice is recorded in the caller's transaction — after checking that the holder receives
// it in time: three months (one when every price goes down) from the first day of the month after
// they receive it, by e-mail the day it is sent or by a letter ten days after it is posted — and sent
// after the commit (send.ts). The supplier's systems announce through the integration API
// (erp-notice.ts); `announce` here is the back office's, in one go.
import { randomBytes } from 'node:crypto';
import {
  changeDirection,
  earliestChangeDate,
  formatDateLong,
  isNoticeInTime,
  isPerUse,
  lateNoticeCompensationCents,
  noticeReceivedOn,
  priceComponentChanges,
  todayInRome,
  type PriceComponent,
} from '@sportello/domain';
import { MESSAGES } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { conflict, notFound, unprocessable } from '../../http/app-error.js';
import { recordCustomerEvent } from '../../platform/events/outbox.js';
import { useUnitOf } from '../metering/monthly-use.js';
import type { PriceChangesRepository, PriceChangeRow } from './repository.js';
import type { PriceChangeSending } from './send.js';

export interface PriceChangeInput {
  supplyKey: string;
  prices: readonly PriceComponent[];
  effectiveOn: string;
  /** The day the holder received a letter the supplier's systems posted themselves; null: the portal sends it. */
  deliveredOn?: string | null;
  /** The ERP's key the notice was loaded by, for the events that name it. */
  extKey?: string | null;
}

/** The compensation a notice owes, from its dates and direction (domain). */
export const compensationOf = (row: Pick<PriceChangeRow, 'receivedOn' | 'effectiveOn' | 'changes'>) =>
  lateNoticeCompensationCents(row.receivedOn, row.effectiveOn, changeDirection(row.changes));

/** Tells the ERP to credit a late notice's compensation on the holder's next bill (once it is late). */
export async function recordCompensationOwed(
  tx: Db,
  row: PriceChangeRow,
  keys: { extKey: string | null; supplyExtKey: string },
) {
  await recordCustomerEvent(tx, {
    customerId: row.customerId,
    kind: 'priceChange.compensationOwed',
    entityKey: row.key,
    payload: {
      noticeKey: row.key,
      noticeExtKey: keys.extKey,
      supplyId: row.supplyId,
      supplyExtKey: keys.supplyExtKey,
      receivedOn: row.receivedOn,
      effectiveOn: row.effectiveOn,
      amountCents: compensationOf(row),
    },
  });
}

export function createAnnouncement(deps: {
  db: Db;
  repository: PriceChangesRepository;
  sending: PriceChangeSending;
}) {
  const { repository } = deps;

  /**
   * Checks and stores the notice of `prices` replacing the supply's offer prices from `effectiveOn`, in
   * `tx`. Refused: a supply without an offer, prices that change nothing, a price per use in another
   * unit than the supply's, a change sooner than the notice allows (the earliest allowed day in the
   * field's message), a second notice for the same supply and day. A letter the ERP already delivered
   * is never refused: one received too late is kept, and its compensation owed (an event for the ERP).
   */
  async function record(tx: Db, input: PriceChangeInput, now: Date) {
    const found = await repository.supply(tx, input.supplyKey);
    if (!found) throw notFound();
    const { supply, offer, holder } = found;
    if (!offer) throw unprocessable('price_change_no_offer');
    const changes = priceComponentChanges(offer.prices, input.prices);
    if (changes.length === 0) throw unprocessable('price_change_nothing');
    const unit = useUnitOf(supply.commodity);
    if (changes.some((c) => isPerUse(c.unit) && c.unit !== unit))
      throw unprocessable('price_change_unit', [
        { field: 'prices', code: 'price_change_unit', message: MESSAGES.price_change_unit },
      ]);
    const noticeOn = todayInRome(now);
    const deliveredOn = input.deliveredOn ?? null;
    // The durable medium the holder accepted: the contact e-mail they gave, else a letter (ADR 058).
    const medium = deliveredOn !== null || !holder.email ? 'letter' : 'email';
    const receivedOn = deliveredOn ?? noticeReceivedOn(noticeOn, medium);
    const direction = changeDirection(changes);
    if (deliveredOn === null && !isNoticeInTime(receivedOn, input.effectiveOn, direction)) {
      const earliest = formatDateLong(earliestChangeDate(receivedOn, direction));
      throw unprocessable('price_change_late', [
        {
          field: 'effectiveOn',
          code: 'price_change_late',
          message: `${MESSAGES.price_change_late} Con questa comunicazione, dal ${earliest}.`,
        },
      ]);
    }
    const row = await repository.insert(tx, {
      key: `VAR-${noticeOn.slice(0, 4)}-${randomBytes(3).toString('hex').toUpperCase()}`,
      companyCode: holder.companyCode,
      customerId: supply.customerId,
      supplyId: supply.id,
      offerId: offer.id,
      noticeOn,
      effectiveOn: input.effectiveOn,
      medium,
      receivedOn,
      changes,
      // The estimate is the sending's (send.ts): it reads the supply's months outside this transaction.
      usedMilliUnits: 0,
      monthsCounted: 0,
      yearlyEffectCents: null,
      createdAt: now,
    });
    if (!row) throw conflict('price_change_exists');
    if (compensationOf(row) > 0)
      await recordCompensationOwed(tx, row, { extKey: input.extKey ?? null, supplyExtKey: supply.extKey });
    // A letter the ERP delivered is only shown; any other is the portal's to send.
    const send = {
      priceChangeId: row.id,
      post: deliveredOn === null,
      tell: true,
      extKey: input.extKey ?? null,
    };
    return { row, send };
  }

  return {
    record,

    /**
     * The back office's: records and sends the notice now. Answers its reference and message. A notice
     * that could not be sent is not kept: the back office may announce it again.
     */
    async announce(input: PriceChangeInput, now: Date): Promise<{ key: string; messageKey: string }> {
      const { row, send } = await deps.db.transaction((tx) => record(tx, input, now));
      try {
        const message = await deps.sending.send(send, now);
        return { key: row.key, messageKey: message.key };
      } catch (err) {
        await repository.remove(row.id);
        throw err;
      }
    },
  };
}
