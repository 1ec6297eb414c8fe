// Price changes (ADR 035, ADR 058): announcing one (announce.ts, the back office's; erp-notice.ts, the
// supplier's systems'), sending it (send.ts), and the notices sent still to apply of a reachable
// customer or supply, each with its dates, prices, the customer's estimate as the notice gave it and
// the compensation a late one owes. Reach is decided before the handler.
import type { erpPriceChanges } from '@sportello/contract';
import { estimateMonths, penaltyFreeUntil, todayInRome } from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import type { MailComposer } from '../../integrations/mail/compose.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { CustomersService } from '../customers/service.js';
import type { MessagesService } from '../messages/service.js';
import type { MeteringService } from '../metering/service.js';
import { useUnitOf } from '../metering/monthly-use.js';
import { compensationOf, createAnnouncement } from './announce.js';
import { createErpNotice } from './erp-notice.js';
import type { PriceChangeListRow, PriceChangesRepository } from './repository.js';
import { createSending } from './send.js';

type PriceChange = erpPriceChanges.PriceChange;

export function toPriceChangeDto({
  change: c,
  supply,
  offer,
  message,
  compensationInvoice,
}: PriceChangeListRow): PriceChange {
  const compensation = compensationOf(c);
  return {
    id: String(c.id),
    key: c.key,
    supply: {
      id: String(supply.id),
      key: supply.key,
      commodity: supply.commodity as PriceChange['supply']['commodity'],
      pointCode: supply.pointCode,
      nickname: supply.nickname,
      address: {
        address: supply.address,
        postalCode: supply.postalCode,
        locality: supply.locality,
        province: supply.province,
      },
    },
    offer,
    noticeOn: c.noticeOn,
    effectiveOn: c.effectiveOn,
    medium: c.medium,
    receivedOn: c.receivedOn,
    lateCompensation: compensation === 0 ? null : { amountCents: compensation, invoice: compensationInvoice },
    penaltyFreeUntil: penaltyFreeUntil(c.effectiveOn),
    changes: c.changes,
    estimate:
      c.yearlyEffectCents === null
        ? null
        : {
            yearlyEffectCents: c.yearlyEffectCents,
            quantity: c.usedMilliUnits / 1000,
            unit: useUnitOf(supply.commodity),
            monthsCounted: c.monthsCounted,
            vatPercent: c.vatPercent,
            ...estimateMonths(c.noticeOn),
          },
    message: message ? { id: String(message.id), key: message.key } : null,
  };
}

export function createPriceChangesService(deps: {
  db: Db;
  repository: PriceChangesRepository;
  customers: CustomersService;
  metering: MeteringService;
  messages: MessagesService;
  mail: MailComposer;
}) {
  const { repository } = deps;
  const sending = createSending(deps);
  const announcement = createAnnouncement({ ...deps, sending });
  return {
    announce: announcement.announce,
    /** A notice the supplier's systems load, in their load's transaction (erp-notice.ts). */
    saveFromErp: createErpNotice({ repository, announcement }),
    /** Sends a notice recorded before (after the commit that recorded it). */
    send: sending.send,

    /** `customerKey`: the customer's id or key (reach-checked). */
    async list(user: SessionUser, customerKey: string, now: Date) {
      const customer = await deps.customers.find(user, customerKey);
      const rows = await repository.ofCustomer(Number(customer.id), todayInRome(now));
      return { priceChanges: rows.map(toPriceChangeDto) };
    },

    async listOfSupply(supplyKey: string, now: Date) {
      const rows = await repository.ofSupply(supplyKey, todayInRome(now));
      return { priceChanges: rows.map(toPriceChangeDto) };
    },
  };
}

export type PriceChangesService = ReturnType<typeof createPriceChangesService>;
