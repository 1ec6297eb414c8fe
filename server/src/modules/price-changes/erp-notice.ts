// A price-change notice the supplier's systems load by their key (the integration API, ADR 058), in
// their load's transaction. A first version is recorded as the back office's is (announce.ts) and sent
// after the commit; a newer one may only report what happened to it since: the day a letter was
// delivered — a notice received too late owes its compensation, told to the ERP once — and the bill the
// compensation was credited on. Its supply, prices and day are those of a letter already sent.
import type { PriceComponent, PriceComponentChange } from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import { unprocessable } from '../../http/app-error.js';
import { compensationOf, recordCompensationOwed, type createAnnouncement } from './announce.js';
import type { PriceChangesRepository } from './repository.js';
import type { PriceChangeSend } from './send.js';

export interface ErpPriceChange {
  supplyId: number;
  supplyExtKey: string;
  prices: readonly PriceComponent[];
  effectiveOn: string;
  deliveredOn: string | null;
  /** The holder's bill the compensation was credited on (loaded before), if it is. */
  compensationInvoiceId: number | null;
}

/** Whether a newer version says the same letter: the same supply and day, and the same new prices. */
function sameNotice(
  held: { supplyId: number; effectiveOn: string; changes: readonly PriceComponentChange[] },
  record: ErpPriceChange,
) {
  const newPrices = new Set(record.prices.map((p) => `${p.unit}\u0000${p.label}\u0000${p.milliEuro}`));
  return (
    held.supplyId === record.supplyId &&
    held.effectiveOn === record.effectiveOn &&
    held.changes.every(
      (c) => c.newMilliEuro === null || newPrices.has(`${c.unit}\u0000${c.label}\u0000${c.newMilliEuro}`),
    )
  );
}

export function createErpNotice(deps: {
  repository: PriceChangesRepository;
  announcement: ReturnType<typeof createAnnouncement>;
}) {
  const { repository } = deps;

  async function creditedOn(tx: Db, customerId: number, invoiceId: number | null) {
    if (invoiceId === null) return null;
    if ((await repository.invoiceCustomer(tx, invoiceId)) !== customerId)
      throw unprocessable('price_change_bill_mismatch');
    return invoiceId;
  }

  /**
   * Writes the ERP's record in `tx` (`heldId`: the notice its earlier version wrote). Answers the
   * notice's id, and what to send after the commit (a first version only).
   */
  return async function saveFromErp(
    tx: Db,
    input: { extKey: string; record: ErpPriceChange; heldId: number | null },
    now: Date,
  ): Promise<{ id: number; send: PriceChangeSend | null }> {
    const { record } = input;
    if (input.heldId === null) {
      const { row, send } = await deps.announcement.record(
        tx,
        {
          supplyKey: String(record.supplyId),
          prices: record.prices,
          effectiveOn: record.effectiveOn,
          deliveredOn: record.deliveredOn,
          extKey: input.extKey,
        },
        now,
      );
      const invoiceId = await creditedOn(tx, row.customerId, record.compensationInvoiceId);
      if (invoiceId !== null) await repository.update(tx, row.id, { compensationInvoiceId: invoiceId });
      return { id: row.id, send };
    }

    const held = (await repository.lock(tx, input.heldId))!;
    if (!sameNotice(held, record)) throw unprocessable('price_change_sent');
    const receivedOn = record.deliveredOn ?? held.receivedOn;
    const compensationInvoiceId =
      (await creditedOn(tx, held.customerId, record.compensationInvoiceId)) ?? held.compensationInvoiceId;
    await repository.update(tx, held.id, { receivedOn, compensationInvoiceId });
    // Told once: when the delivery reported makes it late, not when a later version repeats it.
    const updated = { ...held, receivedOn };
    if (compensationOf(updated) > 0 && compensationOf(held) === 0)
      await recordCompensationOwed(tx, updated, { extKey: input.extKey, supplyExtKey: record.supplyExtKey });
    return { id: held.id, send: null };
  };
}
