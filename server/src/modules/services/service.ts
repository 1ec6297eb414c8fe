// The services area (SPEC §2 `ser`): the brand's catalogue with each service's state on the
// customer's supplies, activating a service through a request (once per customer for the cinema
// voucher), maintenance contracts and their documents, and the write-us contact requests (logged
// in, or logged out with a guest session), rate limited per user or e-mail and per address.
// Ownership is decided by the customers, contracts and supplies services; requests
// are recorded through the requests service, so they all show in practices.
import { PAGE_SIZE, type CompanyCode, type erpServices, type erpSupplies } from '@sportello/contract';
import {
  isRequestClosed,
  isValidEmail,
  isValidMobilePhone,
  normalizePhone,
  REQUEST_TYPE,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import type { Db } from '../../db/client.js';
import { renderMaintenancePdf } from '../../integrations/pdf/maintenance-pdf.js';
import { badRequest, conflict, fieldError, notFound, unprocessable } from '../../http/app-error.js';
import type { Throttle } from '../auth/throttle.js';
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
type GuestContact = z.output<typeof erpServices.requestGuestContact.body>;

const ACTIVE_SUPPLY_STATUS = 'Attiva';

/**
 * Write-us limits: a person (a user, or an e-mail when logged out) writes a few times an hour; an
 * address may serve a family or an office.
 */
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
  throttle: Throttle;
}) {
  const { db, repository, customers, contracts, supplies, requests, throttle } = deps;

  async function maintenancePage(user: SessionUser, customerKey: string, skip: number, take: number) {
    const customer = await customers.find(user, customerKey);
    return repository.maintenance(Number(customer.id), { skip, take });
  }

  /**
   * Counts one contact under the writer's key (`user:<id>` or `email:<address>`) and the address's;
   * over either limit → 429, nothing recorded. Every contact counts: none is taken back.
   */
  async function throttleContact(writer: string, address: string, now: Date) {
    const window = { windowMs: CONTACT_LIMITS.windowMs, over: 'refuse' } as const;
    await throttle.attempt(
      [
        { key: `contact:${writer}`, limit: CONTACT_LIMITS.perUser, ...window },
        { key: `contact:address:${address}`, limit: CONTACT_LIMITS.perAddress, ...window },
      ],
      now,
      'contact_too_many',
    );
  }

  /** The domain's check of the Italian mobile number, on the trimmed digits; null when it fails. */
  function mobileOf(value: string) {
    const phone = normalizePhone(value);
    return isValidMobilePhone(phone) ? phone : null;
  }

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
              .map((d) => ({ id: String(d.id), title: d.title, date: d.issueDate, kind: d.kind })),
          };
        }),
      };
    },

    /**
     * The write-us form (SPEC §1, §3, §5): a request of type information on the customer (and the
     * contract, which must be the customer's), with the trimmed Italian mobile number.
     */
    async contact(user: SessionUser, company: CompanyCode, body: ContactRequest, address: string, now: Date) {
      const phone = mobileOf(body.mobilephone);
      if (!phone) {
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
        body.customerKey ? customers.find(user, body.customerKey) : undefined,
        body.contractKey ? contracts.find(body.contractKey) : undefined,
      ]);
      if (customer && contract && Number(customer.id) !== contract.contract.customerId) {
        throw unprocessable('contact_contract_not_of_customer', [
          fieldError('contractKey', 'contact_contract_not_of_customer'),
        ]);
      }
      await throttleContact(`user:${user.id}`, address, now);
      return requests.open(db, {
        companyCode: company,
        customerId: contract?.contract.customerId ?? Number(customer!.id),
        contractId: contract?.contract.id ?? null,
        requestType: REQUEST_TYPE.information,
        description: `Richiesta di informazioni: ${body.subject}`,
        payload: { subject: body.subject, description: body.description, mobilephone: phone, company },
      });
    },

    /**
     * The logged-out write-us form (SPEC §5 registration time): checked like the logged-in one, plus
     * the e-mail's pattern; kept for the back office apart from any customer's requests.
     */
    async guestContact(company: CompanyCode, body: GuestContact, address: string, now: Date) {
      const phone = mobileOf(body.mobilephone);
      const errors = [
        ...(phone ? [] : [fieldError('mobilephone', 'contact_phone_required')]),
        ...(isValidEmail(body.email) ? [] : [fieldError('email', 'invalid_email')]),
      ];
      if (errors.length > 0) throw badRequest('invalid_input', errors);
      if (body.company !== company)
        throw badRequest('unknown_company', [fieldError('company', 'unknown_company')]);
      const email = body.email.toLowerCase();
      await throttleContact(`email:${email}`, address, now);
      return repository.insertGuestContact({
        companyCode: company,
        name: body.name,
        clientCode: body.clientCode,
        email,
        mobilePhone: phone!,
        subject: body.subject,
        description: body.description,
      });
    },

    /** A maintenance document as a PDF. */
    async maintenanceDocument(id: string, now: Date) {
      const found = await repository.maintenanceDocument(id);
      if (!found) throw notFound();
      const pdf = await renderMaintenancePdf(found, now);
      return {
        id: String(found.document.id),
        title: found.document.title,
        fileName: `${found.contract.key}-${found.document.id}.pdf`,
        contentType: 'application/pdf',
        data: pdf.toString('base64'),
      };
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
