// Write us (SPEC §1 contact form, §3, §5): the logged-in form records a request of type information
// on the customer, through the requests service so it shows in practices; the logged-out one keeps
// the message for the back office. Both are rate limited per writer (user or e-mail) and per address.
import type { CompanyCode, erpSupport } from '@sportello/contract';
import { isValidEmail, isValidMobilePhone, normalizePhone, REQUEST_TYPE } from '@sportello/domain';
import type * as z from 'zod/mini';
import type { Db } from '@sportello/db/client';
import { badRequest, fieldError, unprocessable } from '../../http/app-error.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import type { ContractsService } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { RequestsService } from '../requests/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { SupportRepository } from './repository.js';

type ContactRequest = z.output<typeof erpSupport.requestInformation.body>;
type GuestContact = z.output<typeof erpSupport.requestGuestContact.body>;

/**
 * Write-us limits: a person (a user, or an e-mail when logged out) writes a few times an hour; an
 * address may serve a family or an office.
 */
export const CONTACT_LIMITS = {
  perUser: 5,
  perAddress: 20,
  windowMs: 60 * 60_000,
} as const;

export function createSupportService(deps: {
  db: Db;
  repository: SupportRepository;
  customers: CustomersService;
  contracts: ContractsService;
  requests: RequestsService;
  throttle: Throttle;
}) {
  const { db, repository, customers, contracts, requests, throttle } = deps;

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
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
