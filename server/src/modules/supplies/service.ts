// Supplies of the customers a user reaches, their offers and meter groups, and the nickname a
// user may give a supply. Ownership is decided by the customers service.
import { PAGE_SIZE, type erpSupplies } from '@sportello/contract';
import type * as z from 'zod/mini';
import { notFound } from '../../http/app-error.js';
import type { CustomersService } from '../customers/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { SupplyWithContract, SuppliesRepository } from './repository.js';
import {
  insertSuppliesFromErp,
  saveSupplyFromErp,
  supplyExtKeysTaken,
  supplyIdByExtKey,
  suppliesOnPoints,
} from './erp-import.js';
import { offerBoxOfContract, offersByExtKey, saveOfferFromErp } from './erp-offers.js';

type Supply = erpSupplies.Supply;
type Commodity = erpSupplies.Commodity;
type Offer = z.infer<typeof erpSupplies.offerSchema>;
type MeterGroup = z.infer<typeof erpSupplies.meterGroupSchema>;

function toSupplyDto({ supply: s, contract }: SupplyWithContract, includeTechnicalData: boolean): Supply {
  return {
    id: String(s.id),
    key: s.key,
    extKey: s.extKey,
    customerId: String(s.customerId),
    contract: { id: String(contract.id), key: contract.key, number: contract.number },
    offerId: s.offerId == null ? null : String(s.offerId),
    commodity: s.commodity as Commodity,
    pointCode: s.pointCode,
    nickname: s.nickname,
    status: s.status,
    address: { address: s.address, postalCode: s.postalCode, locality: s.locality, province: s.province },
    activationDate: s.activationDate,
    deactivationDate: s.deactivationDate,
    technicalData: includeTechnicalData ? (s.technicalData ?? null) : null,
  };
}

export function createSuppliesService(repository: SuppliesRepository, customers: CustomersService) {
  /** A supply by id or key (or ERP key); unknown → 404. */
  async function find(idOrKey: string, useExtKey = false): Promise<SupplyWithContract> {
    const found = await repository.find(idOrKey, useExtKey);
    if (!found) throw notFound();
    return found;
  }

  return {
    /** The ERP's import (integration module, ADR 036): writes in the caller's transaction. */
    saveFromErp: saveSupplyFromErp,
    idByExtKey: supplyIdByExtKey,
    insertManyFromErp: insertSuppliesFromErp,
    extKeysTaken: supplyExtKeysTaken,
    /** An offer of the brand's catalogue the ERP loads, in its transaction (ADR 040 item 10). */
    saveOfferFromErp,
    offersByExtKey,
    offerBoxOfContract,
    suppliesOnPoints,
    /** Every supply of a customer (at most 100), for the staff console (ADR 041). */
    async ofCustomer(customerId: number): Promise<Supply[]> {
      const page = await repository.listOfCustomer(String(customerId), {
        activeOnly: false,
        skip: 0,
        take: 100,
      });
      return (page?.rows ?? []).map((row) => toSupplyDto(row, false));
    },
    async list(
      user: SessionUser,
      query: {
        customerKey: string;
        activeOnly?: boolean | undefined;
        pagingSkip: number;
        pagingTake?: number | undefined;
      },
    ) {
      const activeOnly = query.activeOnly ?? false;
      const page = await repository.listOfCustomer(query.customerKey, {
        activeOnly,
        skip: query.pagingSkip,
        take: query.pagingTake ?? PAGE_SIZE.supplies,
      });
      if (page) return { count: page.count, supplies: page.rows.map((row) => toSupplyDto(row, false)) };
      // No row: an unknown customer (404), or a page past the end of its supplies.
      const customer = await customers.find(user, query.customerKey);
      return { count: await repository.countByCustomer(Number(customer.id), activeOnly), supplies: [] };
    },

    async get(
      idOrKey: string,
      options: { includeTechnicalData?: boolean | undefined; useExtKey?: boolean | undefined },
    ): Promise<Supply> {
      const found = await find(idOrKey, options.useExtKey ?? false);
      return toSupplyDto(found, options.includeTechnicalData ?? false);
    },

    /** The schema has trimmed it and bounded it to 30 characters; an empty nickname clears it. */
    async setNickname(idOrKey: string, nickname: string | null): Promise<Supply> {
      const found = await find(idOrKey);
      const value = nickname === null || nickname === '' ? null : nickname;
      await repository.setNickname(found.supply.id, value);
      return toSupplyDto({ ...found, supply: { ...found.supply, nickname: value } }, false);
    },

    /** An offer by id or key; the reach check shows it only to customers supplied under it. */
    async getOffer(idOrKey: string, useExtKey: boolean): Promise<Offer> {
      const offer = await repository.findOffer(idOrKey, useExtKey);
      if (!offer) throw notFound();
      return {
        id: String(offer.id),
        key: offer.key,
        extKey: offer.extKey,
        name: offer.name,
        commodity: offer.commodity as Commodity,
        priceType: offer.priceType,
        hourly: offer.priceType === 'Orario',
        description: offer.description,
        prices: offer.prices,
        conditions: (offer.conditions ?? '').split('\n').filter(Boolean),
      };
    },

    async describeMeterGroup(supplyKey: string): Promise<MeterGroup> {
      const { supply } = await find(supplyKey);
      const group = await repository.meterGroupOf(supply.id);
      if (!group) throw notFound();
      return {
        meterSerial: group.meterSerial,
        fullCapacityStartDate: group.fullCapacityStartDate,
        Misure: { Misura: group.measures },
      };
    },
  };
}

export type SuppliesService = ReturnType<typeof createSuppliesService>;
