// Contracts of the customers a user reaches: list, read one, and the checks other modules need
// before acting on a contract (reachable, active). Ownership is decided by the customers service.
import { erpSupplies, PAGE_SIZE } from '@sportello/contract';
import {
  isContractInForce,
  isShippingAddressChangeInProgress,
  maskIban,
  personalArea,
  REQUEST_TYPE,
  type PersonalArea,
  todayInRome,
} from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import type { Banking } from '@sportello/db/schema';
import { notFound, unprocessable } from '../../http/app-error.js';
import type { CustomersService } from '../customers/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { ContractRow, ContractWithAddress, ContractsRepository, LatestRequest } from './repository.js';
import { insertContractsFromErp, saveContractFromErp } from './erp-import.js';

type Contract = erpSupplies.Contract;

/** The change asked for by the latest shipping-address request, while it is not processed. */
function shippingAddressChange(request: LatestRequest | null): Contract['shippingAddressChange'] {
  if (!request) return null;
  const requestedAt = request.createdDate.toISOString();
  const summary = { requestType: REQUEST_TYPE.shippingAddress, status: request.status, phaseCode: null };
  if (!isShippingAddressChangeInProgress([{ ...summary, createdDate: requestedAt }])) return null;
  const asked = erpSupplies.shippingAddressSchema.safeParse(request.payload?.shippingAddress);
  return { requestedAt, shippingAddress: asked.success ? asked.data : null };
}

export function toContractDto({
  contract: c,
  address,
  latestShippingRequest,
}: ContractWithAddress): Contract {
  return {
    id: String(c.id),
    key: c.key,
    number: c.number,
    name: c.name,
    customerId: String(c.customerId),
    status: c.status,
    startDate: c.startDate,
    endDate: c.endDate,
    address,
    shippingAddress: c.shippingAddress ?? null,
    banking: c.banking
      ? {
          maskedIban: maskIban(c.banking.iban),
          bic: c.banking.bic,
          holderName: c.banking.holderName,
          holderFiscalCode: c.banking.holderFiscalCode,
          state: c.banking.state as NonNullable<Contract['banking']>['state'],
        }
      : null,
    shippingAddressChange: shippingAddressChange(latestShippingRequest),
  };
}

/** In force: the active status and no end date before today (Europe/Rome). */
export function isContractActive(c: Pick<ContractRow, 'status' | 'endDate'>, now: Date): boolean {
  return isContractInForce(c, todayInRome(now));
}

/**
 * The personal area of a customer with these contracts (ADR 066): `current` while one is in force,
 * a former customer's six months after the last end, `inactive` when none is in force and none has
 * ended (a contract not yet active): nothing to register for, nothing to close.
 */
export function customerArea(
  contracts: readonly Pick<ContractRow, 'status' | 'endDate'>[],
  now: Date,
): PersonalArea | { state: 'inactive' } {
  if (contracts.some((c) => isContractActive(c, now))) return { state: 'current' };
  const area = personalArea(contracts, todayInRome(now));
  return area.state === 'current' ? { state: 'inactive' } : area;
}

export function createContractsService(repository: ContractsRepository, customers: CustomersService) {
  /** A contract by id or key; unknown → 404. */
  async function find(idOrKey: string): Promise<ContractWithAddress> {
    const found = await repository.byIdOrKey(idOrKey);
    if (!found) throw notFound();
    return found;
  }

  return {
    /** The ERP's import (integration module, ADR 036): writes in the caller's transaction. */
    saveFromErp: saveContractFromErp,
    insertManyFromErp: insertContractsFromErp,
    find,

    async list(
      user: SessionUser,
      customerKey: string,
      paging: { pagingSkip: number; pagingTake?: number | undefined },
    ) {
      const customer = await customers.find(user, customerKey);
      const { count, rows } = await repository.listByCustomer(Number(customer.id), {
        skip: paging.pagingSkip,
        take: paging.pagingTake ?? PAGE_SIZE.default,
      });
      return { count, contracts: rows.map(toContractDto) };
    },

    async get(idOrKey: string): Promise<Contract> {
      return toContractDto(await find(idOrKey));
    },

    /** A contract that is in force, for requests that change it; else 422. */
    async requireActive(key: string, now: Date): Promise<ContractRow> {
      const { contract } = await find(key);
      if (!isContractActive(contract, now)) throw unprocessable('contract_not_active');
      return contract;
    },

    /**
     * Whether the personal area is closed to a user (ADR 066): every customer they reach is a former
     * customer past the six months. A user who reaches no customer yet is not refused here.
     */
    async areaClosed(user: SessionUser, now: Date): Promise<boolean> {
      const ids = await customers.reachableIds(user);
      const ends = await repository.endsOf(ids);
      return (
        ids.length > 0 &&
        ids.every(
          (id) =>
            customerArea(
              ends.filter((c) => c.customerId === id),
              now,
            ).state === 'closed',
        )
      );
    },

    /** Re-reads the contract under a row lock, so concurrent changes to it queue up. */
    lockForChange: (tx: Db, id: number) => repository.lockById(tx, id),

    setBanking: (tx: Db, id: number, banking: Banking | null) => repository.setBanking(tx, id, banking),
  };
}

export type ContractsService = ReturnType<typeof createContractsService>;
