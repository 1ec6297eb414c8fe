// Registration of customers and delegates, delegation requests and the forgotten password (SPEC §2,
// §5, §6). Client code and tax code only FIND a customer: the account is created when the applicant
// proves possession of a contact on file (a one-time code) or, with nothing on file, of a recent bill
// (ADR 022). Guessable inputs are throttled like login (ADR 012), per address and per customer; an
// unknown pair and a wrong one get the same refusal; a reset request answers the same, in the same
// time, whether the account exists or not. New accounts and delegations are told to the contacts on file.
import { randomUUID } from 'node:crypto';
import {
  LINK_MODULES,
  linkEntryPath,
  type CompanyCode,
  type MessageCode,
  type registration,
} from '@sportello/contract';
import {
  isAddressAccepted,
  isValidEmail,
  isValidPhone,
  isValidTaxCodeFor,
  isValidUsername,
  normalizePhone,
  passwordIssues,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import { badRequest, fieldError, unprocessable } from '../../http/app-error.js';
import type { ApiError } from '@sportello/contract';
import type { Db } from '../../db/client.js';
import { DELIVERY_KINDS, type MailJob, type SmsJob } from '../../jobs/deliveries.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { MailComposer } from '../../integrations/mail/compose.js';
import { registrationCodeSms } from '../../integrations/mail/templates/registration-code.js';
import type { SecurityEvent } from '../../integrations/mail/templates/security-notice.js';
import type { AddressService } from '../address/service.js';
import {
  checkOtp,
  hashOtpCode,
  newOtpCode,
  OTP_LIFETIME_MS,
  type OtpOutcome,
} from '../auth/one-time-code.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { maskEmail, maskPhone, sendSecurityNotice, type ContactsOnFile } from '../auth/security-notice.js';
import type { Throttle, ThrottleRule } from '../auth/throttle.js';
import { isContractActive } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { LinksService } from '../links/service.js';
import type { ProfileRepository } from '../profile/repository.js';
import type { LoadedSession, SessionStore, SessionUser } from '../sessions/session-store.js';
import { PASSWORD_ISSUE_MESSAGE } from '../users/service.js';
import type { WorkflowsService } from '../workflows/service.js';
import type { CustomerRow, RegistrationRepository, UserRow } from './repository.js';

type FiscalData = z.output<typeof registration.fiscalDataSchema>;
type Delegator = z.output<typeof registration.delegatorSchema>;
type NewUser = z.output<typeof registration.createUser.body>;
type Proof = z.output<typeof registration.registrationProofSchema>;
type CodeStart = z.output<typeof registration.registrationCodeStart.body>;
type ResetStart = z.output<typeof registration.startPasswordReset.body>;
type ResetComplete = z.output<typeof registration.completePasswordReset.body>;

/** A password link from "forgotten password" works for an hour (issue 16). */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;
/** Every reset request takes at least this long, so a known account does not answer faster or slower. */
export const RESET_ANSWER_FLOOR_MS = 400;
export const DELEGATION_TASK = 'ConfermaDelega';
const WINDOW_MS = 15 * 60_000;
/** Wrong client code / tax code pairs from one address; successes are taken back (ADR 012). */
export const FISCAL_DATA_FAILURES_PER_ADDRESS = 10;
/** Wrong pairs naming one client code, from any address: a new address does not buy more guesses. */
export const FISCAL_DATA_FAILURES_PER_CUSTOMER = 10;
const HOUR_MS = 3_600_000;
/** Registration codes sent to one customer's contacts, and from one address, per hour. */
export const REGISTRATION_CODES_PER_CUSTOMER = 3;
export const REGISTRATION_CODES_PER_ADDRESS = 10;
/** Wrong codes or wrong bills against one customer per hour, over all its codes and addresses. */
export const PROOF_FAILURES_PER_CUSTOMER = 10;
/** A bill proves possession when it is one of the customer's latest ones. */
export const PROOF_RECENT_BILLS = 3;
/** Reset requests (each may send a mail) and wrong reset links from one address. */
export const RESET_REQUESTS_PER_ADDRESS = 5;
export const RESET_FAILURES_PER_ADDRESS = 10;
/**
 * Answers that tell whether a username exists (users/validate, a create refused as taken) from one
 * address. Each lookup counts, free or taken: both answers are what a prober wants. A registration
 * needs one or two.
 */
export const USERNAME_LOOKUPS_PER_ADDRESS = 20;

const rule = (key: string, limit: number, windowMs = WINDOW_MS): ThrottleRule => ({
  key,
  limit,
  windowMs,
  over: 'refuse',
});

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
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function passwordErrors(password: string, confirmPassword: string): ApiError[] {
  const errors = passwordIssues(password).map((issue) =>
    fieldError('password', PASSWORD_ISSUE_MESSAGE[issue]),
  );
  if (password !== confirmPassword) errors.push(fieldError('confirmPassword', 'passwords_do_not_match'));
  return errors;
}

function taxCodeError(data: { customerType: FiscalData['customerType']; taxCode: string }): ApiError[] {
  if (isValidTaxCodeFor(data.customerType, data.taxCode)) return [];
  const code: MessageCode =
    data.customerType === 'private' ? 'invalid_tax_code' : 'invalid_business_tax_code';
  return [fieldError('taxCode', code)];
}

/** Where a registration code may go: the customer's own contacts on file, masked for display. */
function contactsOnFile(customer: ContactsOnFile) {
  const found: { channel: 'email' | 'phone'; target: string; masked: string }[] = [];
  if (customer.email)
    found.push({ channel: 'email', target: customer.email, masked: maskEmail(customer.email) });
  if (customer.phoneMobile)
    found.push({ channel: 'phone', target: customer.phoneMobile, masked: maskPhone(customer.phoneMobile) });
  return found;
}

const COMMODITIES = ['electricity', 'gas', 'heat'] as const;
const commodityOf = (value: string) => COMMODITIES.find((c) => c === value) ?? ('electricity' as const);

export function createRegistrationService(deps: {
  repository: RegistrationRepository;
  customers: CustomersService;
  links: LinksService;
  workflows: WorkflowsService;
  address: AddressService;
  /** The queue over a transaction, so a code's delivery is enqueued with the code itself. */
  jobs: (db: Db) => JobQueue;
  /** Where one-time codes are kept (the profile's, ADR 022): a registration's belong to the customer. */
  codes: ProfileRepository;
  store: SessionStore;
  throttle: Throttle;
  mail: MailComposer;
  publicBaseUrl: string;
  sleep?: (ms: number) => Promise<void>;
}) {
  const { repository, customers, links, workflows, address, codes, store, throttle } = deps;
  const jobs = deps.jobs(repository.db);
  const sleep = deps.sleep ?? wait;
  /** Tells the customer's contacts on file (ADR 022), greeting the holder: a company by its name. */
  const notice = (customer: CustomerRow, event: SecurityEvent, key: string, now: Date): Promise<void> =>
    sendSecurityNotice(
      { jobs, mail: deps.mail, publicBaseUrl: deps.publicBaseUrl },
      { to: customer, company: customer.companyCode, name: customer.name, event, key, now },
    );

  /**
   * The customer a registration names, of the type chosen and with a contract in force. An unknown
   * or wrong pair (or type) is 422 fiscal_data_mismatch, an ended contract 422 contract_not_active.
   * Failures count per address and per client code, so many addresses buy no more guesses.
   */
  async function verifiedCustomer(company: CompanyCode, data: FiscalData, address: string, now: Date) {
    const errors = taxCodeError(data);
    if (errors.length > 0) throw badRequest('invalid_input', errors);
    const attempt = await throttle.attempt(
      [
        rule(`fiscal-data:ip:${address}`, FISCAL_DATA_FAILURES_PER_ADDRESS),
        rule(`fiscal-data:customer:${company}:${data.customerCode}`, FISCAL_DATA_FAILURES_PER_CUSTOMER),
      ],
      now,
    );
    const customer = await repository.customerByCodes(company, data.customerCode, data.taxCode.toUpperCase());
    if (customer?.customerType !== data.customerType) throw unprocessable('fiscal_data_mismatch');
    const active = (await repository.contractsOf(customer.id)).some((c) => isContractActive(c, now));
    if (!active) throw unprocessable('contract_not_active');
    await attempt.succeeded();
    return customer;
  }

  /** A found customer that may still register: one with a user is told at once (issue 24 item 17). */
  async function unregisteredCustomer(company: CompanyCode, data: FiscalData, address: string, now: Date) {
    const customer = await verifiedCustomer(company, data, address, now);
    if (await repository.holderOf(customer.id)) throw unprocessable('user_already_registered');
    return customer;
  }

  /** Refuses a proof that does not hold (wrong code, wrong bill) before anything is created. */
  async function checkBill(customer: CustomerRow, proof: Extract<Proof, { invoiceNumber: string }>) {
    if (customer.email || customer.phoneMobile) throw unprocessable('registration_proof_required');
    const cents = billTotalCents(proof.invoiceTotal);
    if (cents === null)
      throw badRequest('invalid_input', [fieldError('customer.proof.invoiceTotal', 'invalid_bill_total')]);
    const recent = await repository.latestInvoices(customer.id, PROOF_RECENT_BILLS);
    const number = proof.invoiceNumber.trim().toUpperCase();
    // Exact, to the cent: the total printed on the bill.
    if (!recent.some((bill) => bill.number.toUpperCase() === number && bill.amountCents === cents))
      throw unprocessable('registration_bill_mismatch', [
        fieldError('customer.proof.invoiceNumber', 'registration_bill_mismatch'),
      ]);
  }

  async function confirmationMail(user: UserRow, to: string | null, now: Date) {
    if (!to) return;
    const data = { name: user.firstName ?? user.username, username: user.username };
    const job = await deps.mail.compose('account-created', data, { to, company: user.companyCode });
    await jobs.enqueue(DELIVERY_KINDS.mail, job, `mail:registration:${user.id}`, now);
  }

  /** A pending request (new or the one already open), or `granted` when the user reaches the customer. */
  async function askDelegation(user: UserRow, delegator: Delegator, clientAddress: string, now: Date) {
    // A wrong pair answers differently from a right one: it shares the address's budget of wrong
    // pairs with check-fiscal-data, so a login does not buy more guesses.
    const attempt = await throttle.attempt(
      [
        rule(`delegation:user:${user.id}`, FISCAL_DATA_FAILURES_PER_ADDRESS),
        rule(`fiscal-data:ip:${clientAddress}`, FISCAL_DATA_FAILURES_PER_ADDRESS),
      ],
      now,
    );
    const customer = await repository.customerByCodes(
      user.companyCode,
      delegator.customerCode,
      delegator.taxCode.toUpperCase(),
    );
    if (!customer)
      throw unprocessable('delegation_not_possible', [fieldError('customerCode', 'delegation_not_possible')]);
    await attempt.succeeded();
    if ((await customers.reachableIds(user)).includes(customer.id)) return 'granted' as const;
    if (await repository.openRequest(user.id, customer.id)) return 'pending' as const;
    const workflowId = `WF-DLG-${randomUUID()}`;
    // The partial unique index lets one of two concurrent requests in; the other finds it pending.
    if (
      !(await repository.insertRequest({
        userId: user.id,
        customerId: customer.id,
        workflowId,
        status: 'pending',
        createdAt: now,
      }))
    ) {
      return 'pending' as const;
    }
    const who = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    await workflows.create({
      workflowId,
      companyCode: user.companyCode,
      customerId: customer.id,
      taskName: DELEGATION_TASK,
      title: 'Richiesta di delega',
      description: `${who} chiede di poter gestire le tue forniture nel portale clienti. Confermi la delega?`,
      replies: ['confirm', 'refuse'],
      createdAt: now,
    });
    const link = await links.create({
      companyCode: user.companyCode,
      moduleId: LINK_MODULES.workflowReply,
      entityKey: workflowId,
      customerId: customer.id,
      userId: null,
      now,
    });
    await notice(
      customer,
      { kind: 'delegation-requested', who, linkPath: linkEntryPath(link.token) },
      `mail:delegation:${workflowId}`,
      now,
    );
    return 'pending' as const;
  }

  workflows.onReply(DELEGATION_TASK, async (task, reply, now) => {
    const request = await repository.decideRequest(
      task.workflowId,
      reply === 'confirm' ? 'granted' : 'refused',
      now,
    );
    if (!request || reply !== 'confirm') return;
    const delegator = await repository.customerById(request.customerId);
    if (!delegator) return;
    await repository.grantUnderSameTaxCode(request.userId, delegator);
    // The delegate's sessions reach more now: their cached reads go (ADR 027).
    await store.userChanged(request.userId);
    const delegate = await repository.userById(request.userId);
    const who = [delegate?.firstName, delegate?.lastName].filter(Boolean).join(' ') || delegate?.username;
    await notice(
      delegator,
      { kind: 'delegation-granted', who: who ?? '' },
      `notice:delegation-granted:${task.workflowId}`,
      now,
    );
  });

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
      const active = new Map(
        (await repository.contractsOf(customer.id))
          .filter((c) => isContractActive(c, now))
          .map((c) => [c.id, c]),
      );
      const supplies = (await repository.suppliesOf(customer.id)).filter((s) => active.has(s.contractId));
      return {
        holderName: customer.name,
        supplies: supplies.map((s) => ({
          contractNumber: active.get(s.contractId)!.number,
          name: s.nickname ?? active.get(s.contractId)!.name,
          commodity: commodityOf(s.commodity),
          address: `${s.address}, ${s.postalCode} ${s.locality} (${s.province})`,
        })),
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
      await throttle.attempt(
        [
          rule(`registration-code:customer:${customer.id}`, REGISTRATION_CODES_PER_CUSTOMER, HOUR_MS),
          rule(`registration-code:ip:${clientAddress}`, REGISTRATION_CODES_PER_ADDRESS, HOUR_MS),
        ],
        now,
        'otp_too_many_codes',
      );
      const workflowId = randomUUID();
      const code = newOtpCode();
      const expiresAt = new Date(now.getTime() + OTP_LIFETIME_MS);
      const delivery: MailJob | SmsJob =
        contact.channel === 'email'
          ? await deps.mail.compose('registration-code', { code }, { to: contact.target, company })
          : { to: contact.target, text: registrationCodeSms(code) };
      await codes.transaction(async (tx) => {
        await codes.replaceOtp(
          tx,
          { customerId: customer.id },
          {
            id: workflowId,
            channel: contact.channel,
            target: contact.target,
            codeHash: hashOtpCode(workflowId, code),
            expiresAt,
          },
          now,
        );
        const kind = contact.channel === 'email' ? DELIVERY_KINDS.mail : DELIVERY_KINDS.sms;
        await deps.jobs(tx).enqueue(kind, delivery, `registration-code:${workflowId}`, now);
      });
      return { workflowId, expiresAt: expiresAt.toISOString(), sentTo: contact.masked };
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
        const { proof } = body.customer;
        // Wrong codes and bills count per customer over all its codes and every address.
        const attempt = await throttle.attempt(
          [rule(`registration-proof:customer:${customer.id}`, PROOF_FAILURES_PER_CUSTOMER, HOUR_MS)],
          now,
        );
        if ('invoiceNumber' in proof) await checkBill(customer, proof);
        const passwordHash = await hashPassword(body.password);
        const created = await repository.db.transaction(async (tx) => {
          await repository.lockCustomer(tx, customer.id);
          if (await repository.holderOf(customer.id, tx)) throw unprocessable('user_already_registered');
          if (await repository.findUser(company, body.username, tx)) throw usernameTaken();
          if ('workflowId' in proof) {
            // The code is spent with the user's creation, in one transaction; a wrong try commits its count.
            const { outcome } = await checkOtp(codes, tx, {
              workflowId: proof.workflowId,
              owner: { customerId: customer.id },
              code: proof.code,
              now,
            });
            if (outcome !== 'verified') return { refused: CODE_REFUSALS[outcome], user: undefined };
          }
          const user = await repository.insertUser(tx, {
            ...base,
            passwordHash,
            customerId: customer.id,
            firstName: customer.firstName,
            lastName: customer.lastName,
            email: customer.email,
            phoneMobile: customer.phoneMobile,
          });
          if (!user) throw usernameTaken();
          await repository.setCustomerPrivacy(tx, customer.id, body.privacyCompany, body.privacyOthers);
          return { refused: undefined, user };
        });
        const { refused, user } = created;
        if (!user) throw unprocessable(refused, [fieldError('customer.proof.code', refused)]);
        await attempt.succeeded();
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
        const created = await repository.insertUser(tx, {
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

    /** Ties a verified customer without a user to a logged-in user without a customer. */
    async associate(user: SessionUser, body: FiscalData, clientAddress: string, now: Date) {
      const customer = await verifiedCustomer(user.companyCode as CompanyCode, body, clientAddress, now);
      const done = { status: 'completed' as const, customerId: String(customer.id) };
      if ((await customers.reachableIds(user)).includes(customer.id)) return done;
      if (user.customerId !== null) throw unprocessable('user_already_registered');
      await repository.db.transaction(async (tx) => {
        await repository.lockCustomer(tx, customer.id);
        if (await repository.holderOf(customer.id, tx)) throw unprocessable('user_already_registered');
        await repository.setUser(user.id, { customerId: customer.id }, tx);
      });
      await store.userChanged(user.id);
      return done;
    },

    requestDelegation: async (user: SessionUser, body: Delegator, clientAddress: string, now: Date) => ({
      status: await askDelegation(user, body, clientAddress, now),
    }),

    async startPasswordReset(company: CompanyCode, body: ResetStart, clientAddress: string, now: Date) {
      const started = Date.now();
      // Every request counts (each may send a mail), known account or not.
      await throttle.attempt([rule(`password-reset:ip:${clientAddress}`, RESET_REQUESTS_PER_ADDRESS)], now);
      const user = await resetTarget(company, body);
      // A customer's user may have no address of its own: the customer's on file is used.
      const holder = user?.customerId != null ? await repository.customerById(user.customerId) : undefined;
      const to = user?.email ?? holder?.email;
      if (user?.status === 'Active' && to) {
        // One link at a time: a new one spends the older (issue 23 finding 6).
        await links.spendPasswordLinks(user.id, now);
        const link = await links.create({
          companyCode: company,
          moduleId: LINK_MODULES.password,
          entityKey: user.key,
          customerId: user.customerId,
          userId: user.id,
          lifetimeMs: RESET_LINK_LIFETIME_MS,
          now,
        });
        const data = {
          name: user.firstName ?? holder?.name ?? user.username,
          username: user.username,
          linkPath: linkEntryPath(link.token),
        };
        const job = await deps.mail.compose('password-reset', data, { to, company });
        await jobs.enqueue(DELIVERY_KINDS.mail, job, `mail:password-reset:${link.id}`, now);
      }
      await sleep(Math.max(0, started + RESET_ANSWER_FLOOR_MS - Date.now()));
      return { status: 'queued' as const };
    },

    async completePasswordReset(
      session: LoadedSession,
      body: ResetComplete,
      clientAddress: string,
      now: Date,
    ) {
      const errors = passwordErrors(body.password, body.confirmPassword);
      if (errors.length > 0) throw badRequest('invalid_input', errors);
      const attempt = await throttle.attempt(
        [rule(`password-link:ip:${clientAddress}`, RESET_FAILURES_PER_ADDRESS)],
        now,
      );
      // Looked at before it is spent: a refused password (the old one again) keeps the link usable.
      const open = await links.usable(session.company, body.token, LINK_MODULES.password, now);
      const found = open?.userId != null ? await repository.userById(open.userId) : undefined;
      if (!found) throw unprocessable('password_reset_failed');
      await attempt.succeeded();
      if (found.passwordHash && (await verifyPassword(found.passwordHash, body.password)))
        throw unprocessable('password_same_as_old', [fieldError('password', 'password_same_as_old')]);
      const link = await links.consume(session.company, body.token, LINK_MODULES.password, now);
      const user = link?.userId === found.id ? found : undefined;
      if (!user) throw unprocessable('password_reset_failed');
      await repository.setUser(user.id, { passwordHash: await hashPassword(body.password) });
      await links.spendPasswordLinks(user.id, now);
      await store.deleteOthers(user.id, session.idHash);
      return { username: user.username };
    },
  };

  async function resetTarget(company: CompanyCode, body: ResetStart): Promise<UserRow | undefined> {
    if ('username' in body) return repository.findUser(company, body.username);
    const customer: CustomerRow | undefined = await repository.customerByCodes(
      company,
      body.customerCode,
      body.taxCode.toUpperCase(),
    );
    return customer && repository.holderOf(customer.id);
  }
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
