// The catalogue (SPEC §2 `ser`): the brand's services with each one's state on the customer's supplies
// in force, and the brand's offers for the logged-out offers page.
import type { CompanyCode, erpServices, erpSupplies } from '@sportello/contract';
import { isRequestClosed, REQUEST_TYPE } from '@sportello/domain';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { SuppliesService } from '../supplies/service.js';
import type { BrandServiceRow, CatalogueRepository } from './repository.js';

type Service = erpServices.Service;
type ServiceState = erpServices.ServiceState;
type Supply = erpSupplies.Supply;

/** An activation's state from its request: closed is done, cancelled frees the service again. */
function stateOfRequest(status: string | undefined): ServiceState {
  if (status === undefined || status === 'Annullato') return 'available';
  return isRequestClosed(status) ? 'active' : 'pending';
}

/** Where an activation counts: the supply, or the whole customer for a once-per-customer service. */
export const scopeOf = (service: BrandServiceRow, customerId: number, supplyId: number) =>
  service.oncePerCustomer ? `customer:${customerId}` : `supply:${supplyId}`;

/** Whether a service applies to a supply: one of its commodities, or any when it names none. */
export const fits = (service: BrandServiceRow, supply: Supply) =>
  service.commodities.length === 0 || service.commodities.includes(supply.commodity);

export function createCatalogue({
  repository,
  supplies,
}: {
  repository: CatalogueRepository;
  supplies: SuppliesService;
}) {
  return {
    async offers(company: CompanyCode) {
      const rows = await repository.offersOf(company);
      return { offers: rows.map((o) => ({ ...o, commodity: o.commodity as Supply['commodity'] })) };
    },

    async list(user: SessionUser, company: CompanyCode, customerKey: string): Promise<Service[]> {
      // The supplies call checks the reach (one statement); an empty page says nothing of the rest.
      const supplyPage = await supplies.list(user, {
        customerKey,
        activeOnly: true,
        pagingSkip: 0,
      });
      const customerId = Number(supplyPage.supplies[0]?.customerId);
      const [catalogue, state] = await Promise.all([
        repository.catalogue(company),
        supplyPage.supplies.length === 0
          ? undefined
          : repository.customerState(customerId, REQUEST_TYPE.billingOptions),
      ]);
      const banking = new Map(state?.mandates.map((m) => [m.contractKey, m.state]));
      const billingByContract = new Map(state?.billing.map((b) => [String(b.contractId), b]));
      const maintained = new Set(state?.maintainedSupplyIds.map(String));
      const activationStatus = new Map(
        state?.activations.map((a) => [`${a.serviceId}|${a.scope}`, a.status]),
      );

      const stateOn = (
        service: BrandServiceRow,
        supply: Supply,
      ): { state: ServiceState; email: string | null } => {
        switch (service.kind) {
          case 'billing': {
            const latest = billingByContract.get(supply.contract.id);
            const email = latest?.payload?.delivery === 'email' ? String(latest.payload.email ?? '') : null;
            if (!latest || email === null || latest.status === 'Annullato')
              return { state: 'available', email: null };
            return { state: isRequestClosed(latest.status) ? 'active' : 'pending', email };
          }
          case 'bank_debit': {
            if (!banking.has(supply.contract.key)) return { state: 'available', email: null };
            const pending = banking.get(supply.contract.key) === 'AttivazioneInCorso';
            return { state: pending ? 'pending' : 'active', email: null };
          }
          case 'maintenance':
            return { state: maintained.has(supply.id) ? 'active' : 'available', email: null };
          default: {
            const status = activationStatus.get(
              `${service.id}|${scopeOf(service, customerId, Number(supply.id))}`,
            );
            return { state: stateOfRequest(status), email: null };
          }
        }
      };

      return catalogue.map((service) => ({
        index: service.position,
        code: service.code,
        kind: service.kind as Service['kind'],
        name: service.name,
        description: service.description,
        oncePerCustomer: service.oncePerCustomer,
        supplies: supplyPage.supplies
          .filter((supply) => fits(service, supply))
          .map((supply) => ({
            supplyId: supply.id,
            supplyKey: supply.key,
            contractKey: supply.contract.key,
            contractNumber: supply.contract.number,
            commodity: supply.commodity,
            pointCode: supply.pointCode,
            nickname: supply.nickname,
            address: `${supply.address.address}, ${supply.address.locality}`,
            ...stateOn(service, supply),
          })),
      }));
    },
  };
}
