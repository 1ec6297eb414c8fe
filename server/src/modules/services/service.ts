// The services area (SPEC §2 `ser`): the brand's catalogue with each service's state on the
// customer's supplies, activating a service through a request (once per customer for the cinema
// voucher), maintenance contracts, and the write-us contact request, rate limited per user and
// per address. Ownership is decided by the customers, contracts and supplies services; requests
// are recorded through the requests service, so they all show in practices.
import { PAGE_SIZE, type CompanyCode, type erpServices, type erpSupplies } from '@sportello/contract';
import { isRequestClosed, isValidMobilePhone, normalizePhone, REQUEST_TYPE } from '@sportello/domain';
import type * as z from 'zod/mini';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, fieldError, unprocessable } from '../../http/app-error.js';
import type { RateLimiter } from '../auth/rate-limiter.js';
import type { ContractsService } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { RequestsService } from '../requests/service.js';
import type { SessionUser } from '../sessions/session-store.js';
import type { SuppliesService } from '../supplies/service.js';
import type { BrandServiceRow, ServicesRepository } from './repository.js';

type Service = erpServices.Service;
type ServiceState = erpServices.ServiceState;
type Supply = erpSupplies.Supply;
type ContactRequest = z.output<typeof erpServices.requestInformation.body>;

const ACTIVE_SUPPLY_STATUS = 'Attiva';

/** Write-us limits: a person writes a few times an hour; an address may serve a family or an office. */
export const CONTACT_LIMITS = {
  perUser: 5,
  perAddress: 20,
  windowMs: 60 * 60_000,
} as const;

/** An activation's state from its request: closed is done, cancelled frees the service again. */
function stateOfRequest(status: string | undefined): ServiceState {
  if (status === undefined || status === 'Annullato') return 'available';
  return isRequestClosed(status) ? 'active' : 'pending';
}

const scopeOf = (service: BrandServiceRow, customerId: number, supplyId: number) =>
  service.oncePerCustomer ? `customer:${customerId}` : `supply:${supplyId}`;

const fits = (service: BrandServiceRow, supply: Supply) =>
  service.commodities.length === 0 || service.commodities.includes(supply.commodity);

export function createServicesService(deps: {
  db: Db;
  repository: ServicesRepository;
  customers: CustomersService;
  contracts: ContractsService;
  supplies: SuppliesService;
  requests: RequestsService;
  limiter: RateLimiter;
}) {
  const { db, repository, customers, contracts, supplies, requests, limiter } = deps;

  async function maintenancePage(user: SessionUser, customerKey: string, skip: number, take: number) {
    const customer = await customers.requireReachable(user, customerKey);
    return repository.maintenance(Number(customer.id), { skip, take });
  }

  /** Counts one contact under each key; over the limit of any of them → 429, nothing recorded. */
  async function throttleContact(userId: number, address: string, now: Date) {
    const hits = await Promise.all([
      limiter.hit(`contact:user:${userId}`, CONTACT_LIMITS.windowMs, now),
      limiter.hit(`contact:address:${address}`, CONTACT_LIMITS.windowMs, now),
    ]);
    if (hits[0].count > CONTACT_LIMITS.perUser || hits[1].count > CONTACT_LIMITS.perAddress) {
      throw new AppError(429, 'contact_too_many');
    }
  }

  return {
    async offers(company: CompanyCode) {
      const rows = await repository.offersOf(company);
      return { offers: rows.map((o) => ({ ...o, commodity: o.commodity as Supply['commodity'] })) };
    },

    async list(user: SessionUser, company: CompanyCode, customerKey: string): Promise<Service[]> {
      const customer = await customers.requireReachable(user, customerKey);
      const customerId = Number(customer.id);
      const [catalogue, supplyPage, contractPage, activations, billing, maintenance] = await Promise.all([
        repository.catalogue(company),
        supplies.list(user, { customerKey, activeOnly: true, pagingSkip: 0 }),
        contracts.list(user, customerKey, { pagingSkip: 0, pagingTake: PAGE_SIZE.supplies }),
        repository.activations(customerId),
        repository.latestBillingOptions(customerId, REQUEST_TYPE.billingOptions),
        repository.maintenance(customerId, { skip: 0, take: PAGE_SIZE.maintenanceContracts }),
      ]);
      const banking = new Map(contractPage.contracts.map((c) => [c.key, c.banking]));
      const billingByContract = new Map(billing.map((b) => [String(b.contractId), b]));
      const maintained = new Set(maintenance.rows.map((r) => String(r.contract.supplyId)));
      const activationStatus = new Map(activations.map((a) => [`${a.serviceId}|${a.scope}`, a.status]));

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
            const mandate = banking.get(supply.contract.key);
            if (!mandate) return { state: 'available', email: null };
            return { state: mandate.state === 'AttivazioneInCorso' ? 'pending' : 'active', email: null };
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
      const supply = await supplies.get(user, body.supplyKey, {});
      const contract = await contracts.requireActive(user, supply.contract.key, now);
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

    async maintenance(
      user: SessionUser,
      query: { customerKey: string; pagingSkip: number; pagingTake?: number | undefined },
    ) {
      const take = query.pagingTake ?? PAGE_SIZE.maintenanceContracts;
      const { count, rows, visits, documents } = await maintenancePage(
        user,
        query.customerKey,
        query.pagingSkip,
        take,
      );
      return {
        count,
        contracts: rows.map(({ contract: c, supply }, i) => {
          const own = visits.filter((v) => v.maintenanceContractId === c.id);
          const next = own.filter((v) => !v.done).at(-1);
          return {
            index: query.pagingSkip + i + 1,
            id: String(c.id),
            key: c.key,
            product: c.product,
            status: c.status,
            startDate: c.startDate,
            endDate: c.endDate,
            annualFeeCents: c.annualFeeCents,
            supply: supply ? { ...supply, id: String(supply.id) } : null,
            nextVisit: next?.visitDate ?? c.nextVisitDate,
            visits: own.map((v) => ({
              date: v.visitDate,
              kind: v.kind,
              done: v.done,
              technician: v.technician,
              outcome: v.outcome,
            })),
            documents: documents
              .filter((d) => d.maintenanceContractId === c.id)
              .map((d) => ({ title: d.title, date: d.issueDate, kind: d.kind })),
          };
        }),
      };
    },

    /**
     * The write-us form (SPEC §1, §3, §5): a request of type information on the customer (and the
     * contract, which must be the customer's), with the trimmed Italian mobile number.
     */
    async contact(user: SessionUser, company: CompanyCode, body: ContactRequest, address: string, now: Date) {
      const phone = normalizePhone(body.mobilephone);
      if (!isValidMobilePhone(phone)) {
        throw badRequest('invalid_input', [fieldError('mobilephone', 'contact_phone_required')]);
      }
      if (body.company !== company)
        throw badRequest('unknown_company', [fieldError('company', 'unknown_company')]);
      if (!body.customerKey && !body.contractKey) {
        throw badRequest('contact_contract_required', [
          fieldError('contractKey', 'contact_contract_required'),
        ]);
      }
      const [customer, contract] = await Promise.all([
        body.customerKey ? customers.requireReachable(user, body.customerKey) : undefined,
        body.contractKey ? contracts.requireReachable(user, body.contractKey) : undefined,
      ]);
      if (customer && contract && Number(customer.id) !== contract.contract.customerId) {
        throw unprocessable('contact_contract_not_of_customer', [
          fieldError('contractKey', 'contact_contract_not_of_customer'),
        ]);
      }
      await throttleContact(user.id, address, now);
      return requests.open(db, {
        companyCode: company,
        customerId: contract?.contract.customerId ?? Number(customer!.id),
        contractId: contract?.contract.id ?? null,
        requestType: REQUEST_TYPE.information,
        description: `Richiesta di informazioni: ${body.subject}`,
        payload: { subject: body.subject, description: body.description, mobilephone: phone, company },
      });
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
