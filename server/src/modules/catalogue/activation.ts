// Activating a catalogue service on a supply (SPEC §2 `ser`): recorded as a request through the
// requests service, so it shows in practices; once per supply, or once per customer for the cinema
// voucher.
import type { CompanyCode } from '@sportello/contract';
import { ACTIVE_SUPPLY_STATUS, REQUEST_TYPE } from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import { conflict, unprocessable } from '../../http/app-error.js';
import type { ContractsService } from '../contracts/service.js';
import type { RequestsService } from '../requests/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { SuppliesService } from '../supplies/service.js';
import { fits, scopeOf } from './catalogue.js';
import type { CatalogueRepository } from './repository.js';

export function createActivation(deps: {
  db: Db;
  repository: CatalogueRepository;
  contracts: ContractsService;
  supplies: SuppliesService;
  requests: RequestsService;
}) {
  const { db, repository, contracts, supplies, requests } = deps;
  return {
    /**
     * Activates a catalogue service on a supply in force. The request and the activation are one
     * transaction; the activation's unique scope refuses a second one (per supply, or per customer
     * for the cinema voucher) even when two submissions race.
     */
    async activate(
      user: SessionUser,
      company: CompanyCode,
      body: { serviceIndex: number; supplyKey: string },
      now: Date,
    ) {
      const supply = await supplies.get(body.supplyKey, {});
      const contract = await contracts.requireActive(supply.contract.key, now);
      const service = await repository.serviceAt(company, body.serviceIndex);
      if (
        !service ||
        service.kind !== 'activation' ||
        !fits(service, supply) ||
        supply.status !== ACTIVE_SUPPLY_STATUS
      ) {
        throw unprocessable('service_not_found');
      }
      const refusal = service.oncePerCustomer ? 'service_voucher_once' : 'service_already_requested';
      return db.transaction(async (tx) => {
        const created = await requests.open(tx, {
          companyCode: contract.companyCode,
          customerId: contract.customerId,
          contractId: contract.id,
          requestType: REQUEST_TYPE.serviceActivation,
          description: `Attivazione ${service.name}`,
          payload: { serviceCode: service.code, serviceIndex: service.position, supplyId: supply.id },
        });
        const claimed = await repository.claim(tx, {
          serviceId: service.id,
          customerId: contract.customerId,
          supplyId: Number(supply.id),
          requestId: created.id,
          scope: scopeOf(service, contract.customerId, Number(supply.id)),
        });
        if (!claimed) throw conflict(refusal);
        return created;
      });
    },
  };
}
