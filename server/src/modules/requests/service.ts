// Requests (tickets) a user opens on a contract, and reading them back. Creating one checks the
// contract (reachable, in force) and the business rules of the change; the back office then works
// the request, so the portal only records it and marks what is pending on the contract. Where bills go
// is a thief's aim too: a new paper address (a `stepUp` call) or an e-mail that is not on file (a
// step-up asked here) is told to the customer's contacts on file.
import { PAGE_SIZE, type ApiError, type erpInvoices, type erpSupplies } from '@sportello/contract';
import {
  bankDebitRequestDescription,
  BANK_DEBIT_REQUEST_CHECK,
  isAddressAccepted,
  isBankDebitChangeInProgress,
  isRequired,
  isShippingAddressChangeInProgress,
  isValidBic,
  isValidCompanyFiscalCode,
  isValidFiscalCode,
  ibanProblem,
  installmentPlan,
  isInstallmentRequestAllowed,
  isRequestSuccess,
  isValidEmail,
  normalizeIban,
  REQUEST_TYPE,
  todayInRome,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import type { Db } from '@sportello/db/client';
import type { Banking } from '@sportello/db/schema';
import { AppError, badRequest, conflict, fieldError, notFound, unprocessable } from '../../http/app-error.js';
import { requireStepUp } from '../../platform/auth/step-up.js';
import { maskEmail, sendSecurityNotice } from '../../platform/notices/security-notice.js';
import type { SecurityEvent } from '../../integrations/mail/templates/security-notice.js';
import type { LoadedSession } from '../../platform/sessions/session-store.js';
import { addressRefused, type AddressService } from '../address/service.js';
import type { ContractsService } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { InvoicesService } from '../invoices/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { NewRequest, RequestRow, RequestsRepository } from './repository.js';
import { lockRequestByKey, requestEnded, requestPhaseNotice, setRequestPhase } from './erp-phase.js';

const OPEN_STATUS = 'Aperto';

type RequestTicket = erpSupplies.RequestTicket;
type ShippingAddress = erpSupplies.ShippingAddress;
type BankAccountChange = z.output<typeof erpSupplies.requestBankAccountChange.body>;
type ListQuery = z.output<typeof erpSupplies.listRequests.query>;
type InstallmentsRequest = z.output<typeof erpInvoices.requestInstallments.body>;
type BillingOptions = z.output<typeof erpInvoices.requestBillingOptions.body>;

const BANK_DEBIT_STATE = {
  activate: 'AttivazioneInCorso',
  change: 'VariazioneInCorso',
  revoke: 'RevocaInCorso',
} as const;

function toRequestDto(r: RequestRow): RequestTicket {
  return {
    id: r.id,
    key: r.key,
    requestType: r.requestType,
    Status: r.status,
    PhaseCode: r.phaseCode,
    CreatedDate: r.createdDate.toISOString(),
    contractId: r.contractId == null ? null : String(r.contractId),
    description: r.description,
    answer: r.answer,
  };
}

/** A person's 16-character code or a company's 11-digit one. */
const isValidHolderFiscalCode = (value: string) =>
  isValidFiscalCode(value) || isValidCompanyFiscalCode(value);

/** Field errors of a new mandate (activate, change); a revocation carries no data. */
function mandateErrors(body: BankAccountChange): ApiError[] {
  if (body.operation === 'revoke') return [];
  const errors: ApiError[] = [];
  if (!isRequired(body.iban)) errors.push(fieldError('iban', 'required'));
  else {
    const problem = ibanProblem(body.iban!);
    if (problem) errors.push(fieldError('iban', problem));
  }
  // The BIC is optional for SEPA debits inside the EEA; when given it must be well formed.
  if (isRequired(body.bic) && !isValidBic(body.bic!)) errors.push(fieldError('bic', 'invalid_bic'));
  if (!isRequired(body.holderName)) errors.push(fieldError('holderName', 'required'));
  if (!isRequired(body.holderFiscalCode)) errors.push(fieldError('holderFiscalCode', 'required'));
  else if (!isValidHolderFiscalCode(body.holderFiscalCode!)) {
    errors.push(fieldError('holderFiscalCode', 'invalid_holder_fiscal_code'));
  }
  return errors;
}

export function createRequestsService(deps: {
  db: Db;
  repository: RequestsRepository;
  customers: CustomersService;
  contracts: ContractsService;
  address: AddressService;
  invoices: InvoicesService;
  /** Where the customer's notices go out (ADR 022). */
  notices: Parameters<typeof sendSecurityNotice>[0];
}) {
  const { db, repository, customers, contracts, address, invoices } = deps;

  /** SPEC §5: a request counts only when the back office answers an id above 0. */
  const accepted = (created: { id: number; key: string }) => {
    if (!isRequestSuccess(created.id)) throw unprocessable('request_failed');
    return created;
  };

  /**
   * The e-mail given, trimmed (SPEC §5), or the customer's own; either must be valid. One that is not
   * on file (the customer's or the user's own) is served only after a step-up, and `elsewhere` says so:
   * the customer is told.
   */
  async function emailFor(
    session: LoadedSession,
    user: SessionUser,
    customerId: number,
    given: string | undefined,
    now: Date,
  ) {
    const customer = await customers.find(user, String(customerId));
    const email = given?.trim() || customer.account.email;
    if (!email || !isValidEmail(email))
      throw badRequest('invalid_email', [fieldError('email', 'invalid_email')]);
    const onFile = [customer.account.email, user.email].some((c) => c?.toLowerCase() === email.toLowerCase());
    if (!onFile) requireStepUp(session, now);
    return { email, elsewhere: !onFile, customer };
  }

  /** Tells the customer's contacts on file, e-mail else SMS (ADR 022). */
  const tell = (
    customer: { account: { name: string; email: string | null; phoneMobile: string | null } },
    company: string,
    event: SecurityEvent,
    key: string,
    now: Date,
  ) =>
    sendSecurityNotice(deps.notices, {
      to: { email: customer.account.email, phoneMobile: customer.account.phoneMobile },
      company,
      name: customer.account.name,
      event,
      key,
      now,
    });

  return {
    // The CRM's phase changes (integration module, ADR 040): written in the caller's transaction.
    lockByKey: lockRequestByKey,
    setPhase: setRequestPhase,
    phaseNotice: requestPhaseNotice,
    ended: requestEnded,

    /**
     * Records a request another module has checked (a service activation, a contact request), in
     * the caller's transaction; refused unless the id is above 0 (SPEC §5).
     */
    async open(tx: Db, values: Omit<NewRequest, 'status'>) {
      return accepted(await repository.insert(tx, { ...values, status: OPEN_STATUS }));
    },

    /** A customer's latest requests (at most `take`), for the staff console (ADR 041). */
    async recentOfCustomer(customerId: number, take: number) {
      const { count, rows } = await repository.list({ customerId }, { skip: 0, take });
      return { count, requests: rows.map(toRequestDto) };
    },

    async list(user: SessionUser, query: ListQuery) {
      const page = { skip: query.pagingSkip, take: query.pagingTake ?? PAGE_SIZE.default };
      if (!query.customerKey && !query.contractKey) {
        throw badRequest('customer_or_contract_required', [
          fieldError('customerKey', 'customer_or_contract_required'),
        ]);
      }
      const filter: { customerId?: number; contractId?: number; requestType?: string | undefined } = {
        requestType: query.requestType,
      };
      if (query.customerKey) {
        filter.customerId = Number((await customers.find(user, query.customerKey)).id);
      }
      if (query.contractKey) {
        filter.contractId = (await contracts.find(query.contractKey)).contract.id;
      }
      const { count, rows } = await repository.list(filter, page);
      return { count, requests: rows.map(toRequestDto) };
    },

    async get(idOrKey: string): Promise<RequestTicket> {
      const found = await repository.find(idOrKey);
      if (!found) throw notFound();
      return toRequestDto(found);
    },

    /**
     * Asks to send a contract's bills elsewhere. The schema has already required street, civic
     * number, city and postal code (SPEC §5 messages); the address check must accept it, as the
     * app's form does before sending: verified (SPEC §5, score ≥ 50) or, when only the street is
     * unknown to the street list, unverified and flagged for the back office (ADR 026).
     */
    async requestShippingAddress(
      user: SessionUser,
      contractKey: string,
      shippingAddress: ShippingAddress,
      now: Date,
    ): Promise<{ id: number; key: string }> {
      const contract = await contracts.requireActive(contractKey, now);
      // One change at a time: the page says a change is in progress until the back office is done.
      const latest = await repository.latestOfContract(db, contract.id, REQUEST_TYPE.shippingAddress, 1);
      const summaries = latest.map((r) => ({ ...r, createdDate: r.createdDate.toISOString() }));
      if (isShippingAddressChangeInProgress(summaries)) throw conflict('shipping_address_change_in_progress');
      const check = await address.check({
        city: shippingAddress.city,
        province: shippingAddress.province,
        postalCode: shippingAddress.postalCode,
        streetName: [shippingAddress.streetGeneric, shippingAddress.streetName].filter(Boolean).join(' '),
        civicNumber: shippingAddress.civicNumber,
      });
      if (!isAddressAccepted(check.verdict)) throw addressRefused(check, 'shippingAddress.');
      const created = await repository.insert(db, {
        companyCode: contract.companyCode,
        customerId: contract.customerId,
        contractId: contract.id,
        requestType: REQUEST_TYPE.shippingAddress,
        status: OPEN_STATUS,
        description: 'Variazione indirizzo di spedizione',
        payload: {
          shippingAddress: {
            ...shippingAddress,
            istatCode: shippingAddress.istatCode ?? check.town?.istatCode ?? null,
          },
          addressCheckScore: check.score,
          addressVerified: check.verdict === 'verified',
        },
      });
      // The town is enough for the customer to tell their own move from someone else's.
      await tell(
        await customers.find(user, String(contract.customerId)),
        contract.companyCode,
        {
          kind: 'bills-redirected',
          contract: contract.number,
          to: `un indirizzo di ${shippingAddress.city} (${shippingAddress.postalCode})`,
        },
        `notice:bills-redirected:${created.key}`,
        now,
      );
      return created;
    },

    /**
     * Activates, changes or revokes the SEPA direct debit of a contract. Refused while an earlier
     * change is pending (SPEC §4: the latest GestioneSDD request is not 'Chiuso'). The contract
     * row is locked so two concurrent submissions cannot both pass that check.
     */
    async requestBankAccountChange(
      user: SessionUser,
      body: BankAccountChange,
      now: Date,
    ): Promise<{ id: number; key: string }> {
      const errors = mandateErrors(body);
      if (errors.length > 0) throw badRequest('invalid_input', errors);
      const { id: contractId, customerId } = await contracts.requireActive(body.contractKey, now);
      // A delegate moves no money unless the holder has allowed it on the delegation.
      if (!(await customers.mayChangeBanking(user, customerId)))
        throw new AppError(403, 'delegate_banking_refused');

      return db.transaction(async (tx) => {
        const contract = await contracts.lockForChange(tx, contractId);
        if (!contract) throw notFound();
        const latest = await repository.latestOfContract(
          tx,
          contract.id,
          REQUEST_TYPE.bankDebit,
          BANK_DEBIT_REQUEST_CHECK,
        );
        const summaries = latest.map((r) => ({ ...r, createdDate: r.createdDate.toISOString() }));
        if (isBankDebitChangeInProgress(false, summaries)) throw conflict('bank_debit_change_in_progress');

        const current = contract.banking;
        if (body.operation === 'activate' && current) throw unprocessable('bank_debit_already_active');
        if (body.operation !== 'activate' && !current) throw unprocessable('bank_debit_not_active');

        const state = BANK_DEBIT_STATE[body.operation];
        const mandate =
          body.operation === 'revoke'
            ? null
            : {
                iban: normalizeIban(body.iban!),
                bic: isRequired(body.bic) ? body.bic!.toUpperCase() : null,
                holderName: body.holderName!,
                holderFiscalCode: body.holderFiscalCode!.toUpperCase(),
              };
        // A new mandate is recorded at once (pending); a change keeps the mandate in force until
        // the back office applies the one carried by the request.
        const banking: Banking =
          body.operation === 'activate' ? { ...mandate!, state } : { ...current!, state };

        const created = await repository.insert(tx, {
          companyCode: contract.companyCode,
          customerId: contract.customerId,
          contractId: contract.id,
          requestType: REQUEST_TYPE.bankDebit,
          status: OPEN_STATUS,
          description: bankDebitRequestDescription(body.operation),
          payload: { operation: body.operation, mandate },
        });
        await contracts.setBanking(tx, contract.id, banking);
        return created;
      });
    },

    /**
     * Asks to split an invoice into installments (SPEC §4/§9 window, ADR 015). Refused when the
     * bill is paid or already split, when a request for it is still open, or outside the window.
     * The contract row is locked so two submissions cannot both pass the open-request check.
     */
    async requestInstallments(user: SessionUser, body: InstallmentsRequest, now: Date) {
      const { invoice, contract } = await invoices.find(body.invoiceId);
      if (body.contractKey !== contract.key && body.contractKey !== String(contract.id)) throw notFound();
      if (invoice.outstandingCents <= 0) throw unprocessable('invoice_already_paid');
      if (invoice.paymentLevel === 'Installments') throw unprocessable('installments_not_allowed');
      if (!isInstallmentRequestAllowed(invoice, todayInRome(now))) {
        throw unprocessable('installments_window_closed');
      }
      return db.transaction(async (tx) => {
        await contracts.lockForChange(tx, contract.id);
        if ((await repository.openForInvoice(tx, REQUEST_TYPE.installments, invoice.id)) > 0) {
          throw conflict('installments_request_pending');
        }
        return accepted(
          await repository.insert(tx, {
            companyCode: invoice.companyCode,
            customerId: invoice.customerId,
            contractId: contract.id,
            requestType: REQUEST_TYPE.installments,
            status: OPEN_STATUS,
            description: `Rateizzazione bolletta n. ${invoice.number} in ${body.installmentsCount} rate`,
            payload: {
              invoiceId: String(invoice.id),
              installmentsCount: body.installmentsCount,
              outstandingCents: invoice.outstandingCents,
              // The plan the page previewed, from the same rule.
              plan: installmentPlan(invoice.outstandingCents, body.installmentsCount, todayInRome(now)),
              note: body.note ?? null,
            },
          }),
        );
      });
    },

    /** Sends a copy of a bill by e-mail: recorded for the back office, which mails it. */
    async requestEmailInvoice(
      session: LoadedSession,
      user: SessionUser,
      invoiceKey: string,
      email: string | undefined,
      now: Date,
    ) {
      const { invoice, contract } = await invoices.find(invoiceKey);
      const {
        email: to,
        elsewhere,
        customer,
      } = await emailFor(session, user, invoice.customerId, email, now);
      const created = accepted(
        await repository.insert(db, {
          companyCode: invoice.companyCode,
          customerId: invoice.customerId,
          contractId: contract.id,
          requestType: REQUEST_TYPE.emailInvoice,
          status: OPEN_STATUS,
          description: `Invio bolletta n. ${invoice.number} via e-mail`,
          payload: { invoiceId: String(invoice.id), email: to },
        }),
      );
      if (elsewhere)
        await tell(
          customer,
          invoice.companyCode,
          { kind: 'bill-mailed', bill: invoice.number, shown: maskEmail(to) },
          `notice:bill-mailed:${created.key}`,
          now,
        );
      return created;
    },

    /** Bills by e-mail (paperless) or on paper for a contract in force. */
    async requestBillingOptions(session: LoadedSession, user: SessionUser, body: BillingOptions, now: Date) {
      const contract = await contracts.requireActive(body.contractKey, now);
      const to =
        body.delivery === 'email'
          ? await emailFor(session, user, contract.customerId, body.email, now)
          : null;
      const email = to?.email ?? null;
      const created = accepted(
        await repository.insert(db, {
          companyCode: contract.companyCode,
          customerId: contract.customerId,
          contractId: contract.id,
          requestType: REQUEST_TYPE.billingOptions,
          status: OPEN_STATUS,
          description: body.delivery === 'email' ? 'Bolletta via e-mail' : 'Bolletta cartacea',
          payload: { delivery: body.delivery, email },
        }),
      );
      if (to?.elsewhere)
        await tell(
          to.customer,
          contract.companyCode,
          { kind: 'bills-redirected', contract: contract.number, to: maskEmail(to.email) },
          `notice:bills-redirected:${created.key}`,
          now,
        );
      return created;
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
