// The forgotten password (SPEC §5, module 5 link): a request answers the same, in the same time,
// whether the account exists or not; the mailed link works once, for an hour, and ends the other
// sessions and personal tokens of the user. No link is sent for a day after the care console corrected
// a contact of the user: a caller who talked an operator into a new contact cannot take the password too.
import { LINK_MODULES, linkEntryPath, type CompanyCode, type registration } from '@sportello/contract';
import type * as z from 'zod/mini';
import { badRequest, fieldError, unprocessable } from '../../http/app-error.js';
import { DELIVERY_KINDS } from '../../jobs/deliveries.js';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import type { LoadedSession } from '../../platform/sessions/session-store.js';
import { passwordErrors, rule, type RegistrationContext } from './context.js';
import type { CustomerRow, UserRow } from './repository.js';

type ResetStart = z.output<typeof registration.startPasswordReset.body>;
type ResetComplete = z.output<typeof registration.completePasswordReset.body>;

/** A password link from "forgotten password" works for an hour. */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;
/** Every reset request takes at least this long, so a known account does not answer faster or slower. */
export const RESET_ANSWER_FLOOR_MS = 400;
/** Reset requests (each may send a mail) and wrong reset links from one address. */
export const RESET_REQUESTS_PER_ADDRESS = 5;
export const RESET_FAILURES_PER_ADDRESS = 10;
/** How long a password link waits after a contact corrected by the care console (ADR 047). */
export const RESET_WAIT_AFTER_CARE_CONTACT_MS = 24 * 3_600_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPasswordReset({
  repository,
  users,
  links,
  store,
  throttle,
  mail,
  queue,
  audit,
  sleep = wait,
}: RegistrationContext) {
  /** A contact of the user was corrected by the care console within the day: no password link yet. */
  const waitsAfterCareContact = (userId: number, now: Date) =>
    audit.happenedSince(
      userId,
      'care_contact_changed',
      new Date(now.getTime() - RESET_WAIT_AFTER_CARE_CONTACT_MS),
    );

  return {
    async startPasswordReset(company: CompanyCode, body: ResetStart, clientAddress: string, now: Date) {
      const started = Date.now();
      // Every request counts (each may send a mail), known account or not.
      await throttle.attempt([rule(`password-reset:ip:${clientAddress}`, RESET_REQUESTS_PER_ADDRESS)], now);
      const user = await resetTarget(company, body);
      // Answered the same either way: a caller learns nothing of the wait.
      if (user && !(await waitsAfterCareContact(user.id, now))) await sendResetLink(company, user, now);
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
      await users.rows.update(user.id, { passwordHash: await hashPassword(body.password) });
      await links.spendPasswordLinks(user.id, now);
      await store.deleteOthers(user.id, session.idHash, now);
      return { username: user.username };
    },

    /**
     * The care console's resend of a user's password link (ADR 045): to the contact on file only, and
     * not within a day of a contact corrected by the care console (422, said to the operator).
     */
    async sendResetLinkTo(userId: number, now: Date): Promise<boolean> {
      const user = await repository.userById(userId);
      if (!user) return false;
      if (await waitsAfterCareContact(user.id, now)) throw unprocessable('staff_account_reset_waits');
      return sendResetLink(user.companyCode, user, now);
    },
  };

  /**
   * Mails the user a new password link (spending any older one) to its address or its customer's on
   * file; false when the user may not log in or has no address. Also the care console's resend (ADR 045).
   */
  async function sendResetLink(company: CompanyCode | string, user: UserRow, now: Date): Promise<boolean> {
    // A customer's user may have no address of its own: the customer's on file is used.
    const holder = user.customerId != null ? await repository.customerById(user.customerId) : undefined;
    const to = user.email ?? holder?.email;
    if (user.status !== 'Active' || !to) return false;
    // One link at a time: a new one spends the older.
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
    const job = await mail.compose('password-reset', data, { to, company });
    await queue.enqueue(DELIVERY_KINDS.mail, job, `mail:password-reset:${link.id}`, now);
    return true;
  }

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
