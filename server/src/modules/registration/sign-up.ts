// Sign-up of customers and delegates, and the association of a customer to a logged-in user (SPEC
// §2, §5). The account is created when the applicant proves possession of a contact on file (a
// one-time code) or, with nothing on file, of a recent bill (ADR 022). New accounts are told to the
// contacts on file.
import { randomUUID } from 'node:crypto';
import type { ApiError, CompanyCode, MessageCode, registration } from '@sportello/contract';
import {
  isAddressAccepted,
  isValidEmail,
  isValidPhone,
  isValidUsername,
  normalizePhone,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import { badRequest, fieldError, unprocessable } from '../../http/app-error.js';
import { DELIVERY_KINDS } from '../../jobs/deliveries.js';
import type { OtpOutcome } from '../../platform/auth/one-time-code.js';
import { hashPassword } from '../../platform/auth/password.js';
import { contactsOnFile } from '../../platform/notices/security-notice.js';
import { recordEvent } from '../../platform/events/outbox.js';
import { customerArea, isContractActive } from '../contracts/service.js';
import type { Db } from '@sportello/db/client';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import { HOUR_MS, passwordErrors, rule, type RegistrationContext } from './context.js';
import type { createDelegation } from './delegation.js';
import { taxCodeError, type FiscalData, type FiscalDataCheck } from './fiscal-data.js';
import type { CustomerRow, UserRow } from './repository.js';

type NewUser = z.output<typeof registration.createUser.body>;
type Proof = z.output<typeof registration.registrationProofSchema>;
type CodeStart = z.output<typeof registration.registrationCodeStart.body>;
type AssociateBody = z.output<typeof registration.associateContractToUser.body>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Registration codes sent to one customer's contacts, and from one address, per hour. */
export const REGISTRATION_CODES_PER_CUSTOMER = 3;
export const REGISTRATION_CODES_PER_ADDRESS = 10;
/** Wrong codes or wrong bills against one customer per hour, over all its codes and addresses. */
export const PROOF_FAILURES_PER_CUSTOMER = 10;
/** A bill proves possession when it is one of the customer's latest ones. */
export const PROOF_RECENT_BILLS = 3;
/**
 * Answers that tell whether a username exists (users/validate, a create refused as taken) from one
 * address. Each lookup counts, free or taken: both answers are what a prober wants. A registration
 * needs one or two.
 */
export const USERNAME_LOOKUPS_PER_ADDRESS = 20;

/** A total as printed on a bill (`1.234,56`, `142,35`, `142.35`, `€ 142`) in cents; null if not one. */
export function billTotalCents(typed: string): number | null {
  const text = typed.replace(/[€\s]/g, '');
  const match =
    /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(text) ?? /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const euros = Number(match[1]!.replace(/\./g, ''));
  return euros * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const CODE_REFUSALS: Record<Exclude<OtpOutcome, 'verified'>, MessageCode> = {
  wrong: 'registration_code_wrong',
  expired: 'registration_code_expired',
  invalid: 'registration_code_expired',
  locked: 'registration_code_locked',
};

const COMMODITIES = ['electricity', 'gas', 'heat'] as const;
const commodityOf = (value: string) => COMMODITIES.find((c) => c === value) ?? ('electricity' as const);

export function createSignUp(
  context: RegistrationContext,
  { verifiedCustomer, unregisteredCustomer }: FiscalDataCheck,
  askDelegation: ReturnType<typeof createDelegation>['askDelegation'],
) {
  const { repository, customers, users, address, profile, throttle, mail, queue, notice, store } = context;

  /** Refuses a proof that does not hold (wrong code, wrong bill) before anything is created. */
  async function checkBill(
    customer: CustomerRow,
    proof: Extract<Proof, { invoiceNumber: string }>,
    field: string,
  ) {
    if (customer.email || customer.phoneMobile) throw unprocessable('registration_proof_required');
    const cents = billTotalCents(proof.invoiceTotal);
    if (cents === null)
      throw badRequest('invalid_input', [fieldError(`${field}.invoiceTotal`, 'invalid_bill_total')]);
    const recent = await repository.latestInvoices(customer.id, PROOF_RECENT_BILLS);
    const number = proof.invoiceNumber.trim().toUpperCase();
    // Exact, to the cent: the total printed on the bill.
    if (!recent.some((bill) => bill.number.toUpperCase() === number && bill.amountCents === cents))
      throw unprocessable('registration_bill_mismatch', [
        fieldError(`${field}.invoiceNumber`, 'registration_bill_mismatch'),
      ]);
  }

  /**
   * The possession proof of ADR 022, for registering as a customer and for tying one to a user
   * alike: failures count per customer over every address; a bill is checked at once, a code is
   * spent by `codeRefusal` in the transaction of the write it allows (a wrong try commits its count).
   * `field` names the proof in the request ('customer.proof', 'proof').
   */
  async function possessionProof(customer: CustomerRow, proof: Proof, field: string, now: Date) {
    const attempt = await throttle.attempt(
      [rule(`registration-proof:customer:${customer.id}`, PROOF_FAILURES_PER_CUSTOMER, HOUR_MS)],
      now,
    );
    if ('invoiceNumber' in proof) await checkBill(customer, proof, field);
    return {
      attempt,
      async codeRefusal(tx: Tx): Promise<MessageCode | undefined> {
        if (!('workflowId' in proof)) return undefined;
        const { outcome } = await profile.oneTimeCodes.check(tx, {
          workflowId: proof.workflowId,
          owner: { customerId: customer.id },
          code: proof.code,
          now,
        });
        return outcome === 'verified' ? undefined : CODE_REFUSALS[outcome];
      },
      refused: (code: MessageCode) => unprocessable(code, [fieldError(`${field}.code`, code)]),
    };
  }

  async function confirmationMail(user: UserRow, to: string | null, now: Date) {
    if (!to) return;
    const data = { name: user.firstName ?? user.username, username: user.username };
    const job = await mail.compose('account-created', data, { to, company: user.companyCode });
    await queue.enqueue(DELIVERY_KINDS.mail, job, `mail:registration:${user.id}`, now);
  }

  async function newUserErrors(body: NewUser): Promise<ApiError[]> {
    const errors: ApiError[] = [];
    if (!isValidUsername(body.username)) errors.push(fieldError('username', 'invalid_username'));
    errors.push(...passwordErrors(body.password, body.confirmPassword));
    if (!body.privacyConsent) errors.push(fieldError('privacyConsent', 'privacy_required'));
    if (body.customer)
      errors.push(...taxCodeError(body.customer).map((e) => ({ ...e, field: `customer.${e.field}` })));
    if (body.delegate) {
      if (!isValidEmail(body.delegate.email)) errors.push(fieldError('delegate.email', 'invalid_email'));
      if (!isValidPhone(body.delegate.phoneMobile))
        errors.push(fieldError('delegate.phoneMobile', 'invalid_phone'));
    }
    return errors;
  }

  const usernameTaken = () => unprocessable('username_taken', [fieldError('username', 'username_taken')]);
  const countUsernameLookup = (clientAddress: string, now: Date) =>
    throttle.attempt([rule(`username-lookup:ip:${clientAddress}`, USERNAME_LOOKUPS_PER_ADDRESS)], now);
  return {
    async checkFiscalData(company: CompanyCode, body: FiscalData, clientAddress: string, now: Date) {
      const customer = await unregisteredCustomer(company, body, clientAddress, now);
      const contracts = await repository.contractsOf(customer.id);
      const area = customerArea(contracts, now);
      // A former customer registers for the six months left (ADR 066): the supplies that ended.
      const former = area.state === 'former' ? area : null;
      const shown = new Map(
        contracts.filter((c) => (former ? true : isContractActive(c, now))).map((c) => [c.id, c]),
      );
      const supplies = (await repository.suppliesOf(customer.id)).filter((s) => shown.has(s.contractId));
      return {
        holderName: customer.name,
        supplies: supplies.map((s) => ({
          contractNumber: shown.get(s.contractId)!.number,
          name: s.nickname ?? shown.get(s.contractId)!.name,
          commodity: commodityOf(s.commodity),
          address: `${s.address}, ${s.postalCode} ${s.locality} (${s.province})`,
        })),
        formerCustomer: former && { endedOn: former.endedOn, openUntil: former.openUntil },
        contacts: contactsOnFile(customer).map(({ channel, masked }) => ({ channel, masked })),
      };
    },

    /** Sends the code that proves possession to a contact ON FILE (never one typed here). */
    async startCode(company: CompanyCode, body: CodeStart, clientAddress: string, now: Date) {
      const customer = await unregisteredCustomer(company, body, clientAddress, now);
      const contact = contactsOnFile(customer).find((c) => c.channel === body.channel);
      if (!contact)
        throw unprocessable('registration_contact_missing', [
          fieldError('channel', 'registration_contact_missing'),
        ]);
      const sent = await profile.oneTimeCodes.send(
        {
          owner: { customerId: customer.id },
          purpose: contact.channel,
          target: contact.target,
          deliverTo: contact,
          company,
          words: 'registration-code',
          limits: [
            rule(`registration-code:customer:${customer.id}`, REGISTRATION_CODES_PER_CUSTOMER, HOUR_MS),
            rule(`registration-code:ip:${clientAddress}`, REGISTRATION_CODES_PER_ADDRESS, HOUR_MS),
          ],
          keyPrefix: 'registration-code',
        },
        now,
      );
      return { ...sent, sentTo: contact.masked };
    },

    async validateUsername(company: CompanyCode, username: string, clientAddress: string, now: Date) {
      const valid = isValidUsername(username);
      if (valid) await countUsernameLookup(clientAddress, now);
      return { valid, available: valid && !(await repository.findUser(company, username)) };
    },

    async createUser(company: CompanyCode, body: NewUser, clientAddress: string, now: Date) {
      if (!body.customer === !body.delegate) throw badRequest('invalid_input');
      const errors = await newUserErrors(body);
      if (errors.length > 0) throw badRequest('invalid_input', errors);
      await countUsernameLookup(clientAddress, now);
      const base = {
        key: `USR-${randomUUID()}`,
        companyCode: company,
        username: body.username,
        status: 'Active',
        type: 'Customer',
        receiveCommercialNotifications: body.privacyCompany,
        createdAt: now,
      };

      if (body.customer) {
        const customer = await unregisteredCustomer(company, body.customer, clientAddress, now);
        const proof = await possessionProof(customer, body.customer.proof, 'customer.proof', now);
        const passwordHash = await hashPassword(body.password);
        const created = await repository.db.transaction(async (tx) => {
          await repository.lockCustomer(tx, customer.id);
          if (await repository.holderOf(customer.id, tx)) throw unprocessable('user_already_registered');
          if (await repository.findUser(company, body.username, tx)) throw usernameTaken();
          // The code is spent with the user's creation, in one transaction.
          const refused = await proof.codeRefusal(tx);
          if (refused) return { refused, user: undefined };
          const user = await users.rows.insert(tx, {
            ...base,
            passwordHash,
            customerId: customer.id,
            firstName: customer.firstName,
            lastName: customer.lastName,
            email: customer.email,
            phoneMobile: customer.phoneMobile,
          });
          if (!user) throw usernameTaken();
          const { privacyCompany, privacyOthers } = body;
          await customers.changeConsents(
            tx,
            customer.id,
            { privacyCompany, privacyOthers },
            { channel: 'registration', username: user.username },
            now,
          );
          await recordEvent(tx, {
            companyCode: company,
            customerId: customer.id,
            kind: 'customer.registered',
            entityKey: user.username,
            payload: { username: user.username, privacyCompany, privacyOthers },
          });
          return { refused: undefined, user };
        });
        const { refused, user } = created;
        if (!user) throw proof.refused(refused!);
        await proof.attempt.succeeded();
        await notice(
          customer,
          { kind: 'account-created', username: user.username },
          `mail:registration:${user.id}`,
          now,
        );
        return { id: String(user.id), username: user.username, delegation: null };
      }

      const delegate = body.delegate!;
      const check = await address.check({ ...delegate.address, country: 'IT' });
      if (!isAddressAccepted(check.verdict))
        throw unprocessable('address_invalid', [fieldError('delegate.address', 'address_invalid')]);
      if (await repository.findUser(company, body.username)) throw usernameTaken();
      const passwordHash = await hashPassword(body.password);
      const user = await repository.db.transaction(async (tx) => {
        const created = await users.rows.insert(tx, {
          ...base,
          passwordHash,
          customerId: null,
          firstName: delegate.firstName,
          lastName: delegate.lastName,
          email: delegate.email,
          phoneMobile: normalizePhone(delegate.phoneMobile),
        });
        if (!created) throw usernameTaken();
        await repository.insertAddress(tx, {
          userId: created.id,
          ...delegate.address,
          province: delegate.address.province.toUpperCase(),
          istatCode: check.town?.istatCode ?? null,
        });
        return created;
      });
      await confirmationMail(user, user.email, now);
      const delegation = delegate.delegation
        ? await askDelegation(user, delegate.delegation, clientAddress, now)
        : null;
      return { id: String(user.id), username: user.username, delegation };
    },

    /**
     * Ties a verified customer without a user to a logged-in user without a customer, with the same
     * proof of possession as registering (a code to a contact on file, or a recent bill): knowing a
     * client code and a fiscal code is not owning the contract.
     */
    async associate(user: SessionUser, body: AssociateBody, clientAddress: string, now: Date) {
      const customer = await verifiedCustomer(user.companyCode as CompanyCode, body, clientAddress, now);
      const done = { status: 'completed' as const, customerId: String(customer.id) };
      if ((await customers.reachableIds(user)).includes(customer.id)) return done;
      if (user.customerId !== null) throw unprocessable('user_already_registered');
      const proof = await possessionProof(customer, body.proof, 'proof', now);
      const refused = await repository.db.transaction(async (tx) => {
        await repository.lockCustomer(tx, customer.id);
        if (await repository.holderOf(customer.id, tx)) throw unprocessable('user_already_registered');
        const wrong = await proof.codeRefusal(tx);
        if (!wrong) await users.rows.update(user.id, { customerId: customer.id }, tx);
        return wrong;
      });
      if (refused) throw proof.refused(refused);
      await proof.attempt.succeeded();
      await store.userChanged(user.id);
      return done;
    },
  };
}
