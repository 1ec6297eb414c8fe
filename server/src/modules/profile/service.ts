// The profile's rules: one-time codes (4 digits, random, stored hashed, single use, 10 minutes, at
// most 5 wrong tries, at most 3 codes per hour per user) confirming a new e-mail or mobile number;
// a reached customer's consents and home phone; the registry change request (SPEC §4 rule).
import type { ApiError, Customer, profile } from '@sportello/contract';
import {
  isRegistryChangeInProgress,
  isRequired,
  isValidEmail,
  isValidFiscalCode,
  isValidMobilePhone,
  isValidOtpCode,
  isValidPhone,
  isValidPostalCode,
  isValidVatNumber,
  normalizePhone,
  REGISTRY_CHANGE_OPEN_PHASE,
  REQUEST_TYPE,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import type { JobQueue } from '../../jobs/queue.js';
import type { MailComposer } from '../../integrations/mail/compose.js';
import type { Db } from '@sportello/db/client';
import { AppError, badRequest, conflict, fieldError } from '../../http/app-error.js';
import { maskEmail, maskPhone, sendSecurityNotice } from '../../platform/notices/security-notice.js';
import { recordCustomerEvent } from '../../platform/events/outbox.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import type { CustomerChange } from '../customers/repository.js';
import type { CustomersService } from '../customers/service.js';
import type { RequestsService } from '../requests/service.js';
import type { UsersService } from '../users/service.js';
import type { SessionStore, SessionUser } from '../../platform/sessions/session-store.js';
import { createEInvoiceRecipients } from './einvoice-recipient.js';
import { createOneTimeCodes } from './one-time-codes.js';
import type { Contact, ProfileRepository } from './repository.js';

export { OTP_LIFETIME_MS, OTP_MAX_TRIES } from '../../platform/auth/one-time-code.js';
export const OTP_CODES_PER_HOUR = 3;

type Verification = z.output<typeof profile.otpVerification.response>;
type CustomerSettings = z.output<typeof profile.updateCustomerSettings.body>;
type AccountData = z.output<typeof profile.requestAccountData.body>;

const CHANNELS = {
  email: { contact: 'email' },
  phone: { contact: 'phoneMobile' },
} as const satisfies Record<string, { contact: Contact }>;
type Channel = keyof typeof CHANNELS;

/** Field errors of a registry change: formats of what is given, and the address of record whole. */
function accountDataErrors(body: AccountData): ApiError[] {
  const errors: ApiError[] = [];
  if (body.fiscalCode && !isValidFiscalCode(body.fiscalCode.toUpperCase()))
    errors.push(fieldError('fiscalCode', 'invalid_fiscal_code'));
  if (body.vatNumber && !isValidVatNumber(body.vatNumber))
    errors.push(fieldError('vatNumber', 'invalid_vat_number'));
  const addressGiven = [body.address, body.postalCode, body.locality, body.province].some(isRequired);
  if (addressGiven) {
    if (!isRequired(body.address)) errors.push(fieldError('address', 'address_required'));
    if (!isRequired(body.postalCode)) errors.push(fieldError('postalCode', 'postal_code_required'));
    else if (!isValidPostalCode(body.postalCode!))
      errors.push(fieldError('postalCode', 'invalid_postal_code'));
    if (!isRequired(body.locality)) errors.push(fieldError('locality', 'city_required'));
  }
  return errors;
}

export function createProfileService(deps: {
  repository: ProfileRepository;
  /** Own the rows a change writes: the customer's, the user's, the registry-change request. */
  customers: CustomersService;
  users: UsersService;
  requests: RequestsService;
  /** Told when the user's own row changes: its sessions' cached copies go (ADR 027). */
  store: Pick<SessionStore, 'userChanged'>;
  throttle: Throttle;
  /** The queue over a transaction, so a code's delivery is enqueued with the code itself. */
  jobs: (db: Db) => JobQueue;
  /** Over a transaction too: brand lookups inside one must use it (PGlite has one connection). */
  mail: (db: Db) => MailComposer;
  publicBaseUrl: string;
}) {
  const { repository, customers, users, requests, jobs } = deps;
  const oneTimeCodes = createOneTimeCodes(deps);

  /** The address or number a change replaces hears of it (ADR 022). */
  async function tellOldContact(
    tx: Db,
    user: SessionUser,
    own: Customer | null,
    change: { contact: Contact; target: string },
    now: Date,
  ) {
    const { contact, target } = change;
    // A customer's user may have none of its own: the customer's on file is the one replaced.
    const old = user[contact] ?? own?.account[contact];
    if (!old || old === target) return;
    const shown = contact === 'email' ? maskEmail(target) : maskPhone(target);
    await sendSecurityNotice(
      { jobs: jobs(tx), mail: deps.mail(tx), publicBaseUrl: deps.publicBaseUrl },
      {
        to: contact === 'email' ? { email: old, phoneMobile: null } : { email: null, phoneMobile: old },
        company: user.companyCode,
        name: user.firstName ?? own?.account.name ?? user.username,
        event: { kind: 'contact-changed', contact, username: user.username, shown },
        key: `notice:contact:${user.id}:${contact}:${now.getTime()}`,
        now,
      },
    );
  }

  /**
   * A code confirming `target` as the user's new contact, sent to `target` itself (the profile's own
   * change) or, for a staff correction, to `deliverTo`: a contact already on file.
   */
  async function startCheck(
    user: SessionUser,
    channel: Channel,
    target: string,
    now: Date,
    deliverTo: { channel: Channel; target: string } = { channel, target },
  ) {
    return oneTimeCodes.send(
      {
        owner: { userId: user.id },
        purpose: channel,
        target,
        deliverTo,
        company: user.companyCode,
        words: 'verification-code',
        limits: [
          { key: `otp:user:${user.id}`, limit: OTP_CODES_PER_HOUR, windowMs: 3_600_000, over: 'refuse' },
        ],
        keyPrefix: 'otp',
      },
      now,
    );
  }

  /**
   * Where the care console's correction code goes (ADR 045, amended by 047): a contact ON FILE — the
   * one replaced, else the other kind — never the new one; null when the account has none.
   */
  async function codeDestination(user: SessionUser, channel: Channel) {
    const own = user.customerId !== null ? await customers.find(user, String(user.customerId)) : null;
    const onFile = (c: Channel) => user[CHANNELS[c].contact] ?? own?.account[CHANNELS[c].contact] ?? null;
    const other: Channel = channel === 'email' ? 'phone' : 'email';
    for (const c of [channel, other]) {
      const target = onFile(c);
      if (target)
        return { channel: c, target, masked: c === 'email' ? maskEmail(target) : maskPhone(target) };
    }
    return null;
  }

  const eInvoiceRecipients = createEInvoiceRecipients({
    repository,
    customers,
    notices: (tx) => ({ jobs: jobs(tx), mail: deps.mail(tx), publicBaseUrl: deps.publicBaseUrl }),
  });

  return {
    ...eInvoiceRecipients,
    /**
     * One-time codes sent and checked for other modules too: a registration's belong to the customer
     * (ADR 022), step-up's to the user (ADR 038).
     */
    oneTimeCodes,

    async emailCheck(user: SessionUser, email: string, now: Date) {
      if (!isValidEmail(email)) throw badRequest('invalid_email', [fieldError('email', 'invalid_email')]);
      return startCheck(user, 'email', email, now);
    },

    async phoneCheck(user: SessionUser, phone: string, now: Date) {
      const number = normalizePhone(phone);
      if (!isValidMobilePhone(number))
        throw badRequest('invalid_phone', [fieldError('phone', 'invalid_phone')]);
      return startCheck(user, 'phone', number, now);
    },

    codeDestination,

    /**
     * The care console's correction of a contact on a caller's word: the code confirming the NEW
     * contact goes to `codeDestination`, so a caller who is not the customer never reads it; `verify`
     * then changes the contact as the profile's own change does.
     */
    async correctionCheck(user: SessionUser, channel: Channel, value: string, now: Date) {
      const deliverTo = await codeDestination(user, channel);
      if (!deliverTo) throw new AppError(422, 'staff_contact_no_contact_on_file');
      return startCheck(user, channel, value, now, deliverTo);
    },

    /**
     * Checks a code of the user's own workflow; a match changes the contact, once. `staff`: the care
     * staff member correcting it with the customer on the phone (ADR 045), named in its event. The
     * customer's contact so proven is the portal's until the ERP sends it back (ADR 065).
     */
    async verify(
      user: SessionUser,
      workflowId: string,
      code: string,
      now: Date,
      staff?: { userId: number; username: string },
    ): Promise<Verification> {
      if (!isValidOtpCode(code)) throw badRequest('otp_wrong', [fieldError('code', 'otp_wrong')]);
      // Read before the transaction: the customer's contacts on file, in case the user has none.
      const own = user.customerId !== null ? await customers.find(user, String(user.customerId)) : null;
      const verification = await repository.transaction(async (tx) => {
        const { outcome, attemptsLeft, row } = await oneTimeCodes.check(tx, {
          workflowId,
          owner: { userId: user.id },
          code,
          now,
        });
        // A step-up code (ADR 038) of the user's changes no contact: spent here, it proved nothing.
        if (row && !(row.channel in CHANNELS))
          return { matches: false, outcome: 'invalid' as const, attemptsLeft: 0 };
        if (row) {
          const contact = CHANNELS[row.channel as Channel].contact;
          // The user's contact, and the same on their own customer's account (delegates have none).
          await users.rows.update(user.id, { [contact]: row.target }, tx);
          if (user.customerId !== null) {
            await customers.update(user.customerId, { [contact]: row.target }, tx);
            await customers.claimContact(
              tx,
              user.customerId,
              contact,
              row.target,
              { username: staff?.username ?? user.username, staffUserId: staff?.userId ?? null },
              now,
            );
            await recordCustomerEvent(tx, {
              customerId: user.customerId,
              kind: 'contact.changed',
              entityKey: contact,
              payload: { contact, value: row.target },
              staffUserId: staff?.userId ?? null,
            });
          }
          await tellOldContact(tx, user, own, { contact, target: row.target }, now);
        }
        return { matches: outcome === 'verified', outcome, attemptsLeft };
      });
      if (verification.matches) await deps.store.userChanged(user.id);
      return verification;
    },

    async updateCustomerSettings(user: SessionUser, id: string, body: CustomerSettings): Promise<Customer> {
      const customer = await customers.find(user, id);
      const set: CustomerChange = {};
      if (body.privacyCompany !== undefined) set.privacyCompany = body.privacyCompany;
      if (body.privacyOthers !== undefined) set.privacyOthers = body.privacyOthers;
      if (body.phoneHome !== undefined) {
        const phone = normalizePhone(body.phoneHome);
        if (phone !== '' && !isValidPhone(phone))
          throw badRequest('invalid_phone', [fieldError('phoneHome', 'invalid_phone')]);
        set.phoneHome = phone === '' ? null : phone;
      }
      if (Object.keys(set).length > 0)
        await repository.transaction(async (tx) => {
          // The consents through the customers module, which keeps their history (ADR 045 §3).
          await customers.changeConsents(
            tx,
            Number(customer.id),
            { privacyCompany: set.privacyCompany, privacyOthers: set.privacyOthers },
            { channel: 'portal', username: user.username },
            new Date(),
          );
          if (set.phoneHome !== undefined)
            await customers.update(Number(customer.id), { phoneHome: set.phoneHome }, tx);
          // The supplier's systems hear of it with the change (ADR 036's outbox).
          await recordCustomerEvent(tx, {
            customerId: Number(customer.id),
            kind: 'consent.changed',
            entityKey: 'consents',
            payload: {
              privacyCompany: set.privacyCompany ?? null,
              privacyOthers: set.privacyOthers ?? null,
              phoneHome: set.phoneHome ?? null,
            },
          });
        });
      return customers.find(user, id);
    },

    /** SPEC §4: while the latest Var_Anagrafica request is in phase IR010, no new one. */
    async requestAccountData(user: SessionUser, body: AccountData) {
      const customer = await customers.find(user, body.customerKey);
      const { customerKey: _key, note, ...changes } = body;
      if (!Object.values(changes).some(isRequired)) throw badRequest('registry_change_empty');
      const errors = accountDataErrors(body);
      if (errors.length > 0) throw badRequest('invalid_input', errors);
      const customerId = Number(customer.id);
      return repository.transaction(async (tx) => {
        await repository.lockCustomer(tx, customerId);
        const latest = await repository.registryChanges(tx, customerId, REQUEST_TYPE.registryChange);
        const summaries = latest.map((r) => ({ ...r, createdDate: r.createdDate.toISOString() }));
        if (isRegistryChangeInProgress(summaries)) throw conflict('registry_change_in_progress');
        const payload = Object.fromEntries(Object.entries(changes).filter(([, v]) => isRequired(v)));
        return requests.open(tx, {
          companyCode: user.companyCode,
          customerId,
          requestType: REQUEST_TYPE.registryChange,
          phaseCode: REGISTRY_CHANGE_OPEN_PHASE,
          description: 'Variazione dati anagrafici',
          payload: { ...payload, fiscalCode: payload.fiscalCode?.toUpperCase(), note: note ?? null },
        });
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
