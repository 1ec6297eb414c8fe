// Sending a recorded price-change notice (ADR 058), after the commit that recorded it: the customer's
// own estimate of the yearly effect, VAT included — the supply's use of the twelve whole months before
// the notice, read from the same monthly figures its consumption chart shows, priced by
// @sportello/domain — in the domain's words; then, in one transaction, the notice as a message of the
// customer's (Messaggi), the figure kept as sent, and the notice on the durable medium the holder
// accepted: an e-mail of its own to their contact address, or the ERP asked to post a letter (the
// `priceChange.letterRequested` event). Their portal users are told after the commit (the
// `priceChange` notification, whatever their flags). Sent once: a second sending finds it sent.
import { estimateUnilateralChange, noticeSupplyLabel, priceChangeNotice } from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import type { MailComposer } from '../../integrations/mail/compose.js';
import { DELIVERY_KINDS } from '../../jobs/deliveries.js';
import { enqueueIn } from '../../jobs/queue.js';
import { erpKeyOf } from '../../platform/events/erp-keys.js';
import { recordCustomerEvent } from '../../platform/events/outbox.js';
import type { MessagesService } from '../messages/service.js';
import type { MeteringService } from '../metering/service.js';
import { monthlyUse, useUnitOf } from '../metering/monthly-use.js';
import type { PriceChangesRepository } from './repository.js';

/** The messages' category of a notice (as the ERP files contract letters). */
export const NOTICE_CATEGORY = 'Contratto';

/**
 * A recorded notice to send. `post`: by e-mail or a letter the ERP posts (false: the ERP delivered it
 * itself, or the initial load's history); `tell`: the holder's portal users are notified.
 */
export interface PriceChangeSend extends Record<string, unknown> {
  priceChangeId: number;
  post: boolean;
  tell: boolean;
  /** The ERP's key the notice was loaded by, for the letter's event. */
  extKey: string | null;
}

/** Thrown inside the sending's transaction when another process sent the notice first. */
class AlreadySent extends Error {}

export function createSending(deps: {
  db: Db;
  repository: PriceChangesRepository;
  metering: Pick<MeteringService, 'consumptions'>;
  messages: Pick<MessagesService, 'saveFromErp' | 'announce'>;
  mail: MailComposer;
}) {
  const { repository } = deps;

  return {
    /** Sends the notice (once); answers the key of the message it is. */
    async send(payload: PriceChangeSend, now: Date): Promise<{ key: string }> {
      const row = await repository.find(payload.priceChangeId);
      if (!row) throw new Error(`no price change ${payload.priceChangeId} to send`);
      if (row.messageId !== null) return { key: (await repository.messageKey(row.messageId))! };
      const found = (await repository.supply(deps.db, String(row.supplyId)))!;
      const { supply, holder } = found;

      const uses = await monthlyUse(deps.metering, supply.key, row.noticeOn, now);
      const power = Number(supply.technicalData?.contractualPowerKw ?? 0);
      const estimate = estimateUnilateralChange({
        uses,
        changes: row.changes,
        contractualPowerKw: Number.isFinite(power) ? power : 0,
        customerType: holder.customerType,
        commodity: supply.commodity,
        today: row.noticeOn,
      });
      const { title, body } = priceChangeNotice({
        reference: row.key,
        offerName: found.offer?.name ?? '',
        supply: noticeSupplyLabel(supply),
        effectiveOn: row.effectiveOn,
        changes: row.changes,
        estimate,
        unit: useUnitOf(supply.commodity),
      });
      // Composed before the transaction: the composer reads the brand outside it.
      const mail =
        payload.post && row.medium === 'email' && holder.email
          ? await deps.mail.compose(
              'price-change-notice',
              { name: holder.name, title, body },
              { to: holder.email, company: holder.companyCode },
            )
          : null;

      let messageId: number;
      try {
        messageId = await deps.db.transaction(async (tx) => {
          const message = await deps.messages.saveFromErp(
            tx,
            {
              customerId: row.customerId,
              title,
              body,
              category: NOTICE_CATEGORY,
              attachmentDocumentId: null,
            },
            null,
            now,
          );
          const sent = await repository.markSent(tx, row.id, {
            messageId: message.id,
            usedMilliUnits: uses.reduce((sum, u) => sum + u.milliUnits, 0),
            monthsCounted: estimate?.monthsCounted ?? 0,
            yearlyEffectCents: estimate?.yearlyEffectCents ?? null,
            vatPercent: estimate?.vatPercent ?? null,
          });
          if (!sent) throw new AlreadySent();
          if (mail) await enqueueIn(tx, DELIVERY_KINDS.mail, mail, `mail:price-change:${row.id}`, now);
          else if (payload.post)
            await recordCustomerEvent(tx, {
              customerId: row.customerId,
              kind: 'priceChange.letterRequested',
              entityKey: row.key,
              payload: {
                noticeKey: row.key,
                noticeExtKey: payload.extKey,
                supplyId: supply.id,
                supplyExtKey: supply.extKey,
                contractId: supply.contractId,
                contractExtKey: await erpKeyOf(tx, 'contract', supply.contractId),
                effectiveOn: row.effectiveOn,
                title,
                body,
              },
            });
          return message.id;
        });
      } catch (err) {
        if (!(err instanceof AlreadySent)) throw err;
        const sent = (await repository.find(row.id))!;
        return { key: (await repository.messageKey(sent.messageId!))! };
      }
      if (payload.tell) await deps.messages.announce(messageId, now, 'priceChange');
      return { key: (await repository.messageKey(messageId))! };
    },
  };
}

export type PriceChangeSending = ReturnType<typeof createSending>;
