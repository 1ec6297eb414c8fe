// Price changes (ADR 032, ADR 035): announcing one (announce.ts, the back office's use case) and the
// notices still to apply of a reachable customer or supply, each with its dates, prices and the
// customer's estimate as the notice gave it. Reach is decided before the handler.
import type { erpPriceChanges } from '@sportello/contract';
import { estimateMonths, penaltyFreeUntil, todayInRome } from '@sportello/domain';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { CustomersService } from '../customers/service.js';
import type { MessagesService } from '../messages/service.js';
import type { MeteringService } from '../metering/service.js';
import { useUnitOf } from '../metering/monthly-use.js';
import { createAnnouncement } from './announce.js';
import type { PriceChangeListRow, PriceChangesRepository } from './repository.js';

type PriceChange = erpPriceChanges.PriceChange;

export function toPriceChangeDto({ change: c, supply, offer, message }: PriceChangeListRow): PriceChange {
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
            ...estimateMonths(c.noticeOn),
          },
    message: message ? { id: String(message.id), key: message.key } : null,
  };
}

export function createPriceChangesService(deps: {
  repository: PriceChangesRepository;
  customers: CustomersService;
  metering: MeteringService;
  messages: MessagesService;
}) {
  const { repository } = deps;
  return {
    ...createAnnouncement(deps),

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
