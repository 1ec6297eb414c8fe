// The accessibility statement's feedback mechanism (ADR 032): a report gets a reference and the day
// by which we must answer (ACCESSIBILITY_FEEDBACK_REPLY_DAYS after it arrives, in Rome's calendar).
// Logged in on a customer it also opens a practice, so the customer follows it in Pratiche; logged
// out, the reference and the e-mail find it again. Sending and looking up are rate limited like the
// write-us form: a report per person is a few an hour, an address may serve an office.
import type { accessibility, CompanyCode } from '@sportello/contract';
import {
  accessibilityFeedbackDueOn,
  daysBetween,
  formatDate,
  isValidEmail,
  REQUEST_TYPE,
  todayInRome,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import type { Db } from '@sportello/db/client';
import { badRequest, fieldError, unprocessable } from '../../http/app-error.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { CustomersService } from '../customers/service.js';
import type { RequestsService } from '../requests/service.js';
import type { AccessibilityRepository, FeedbackRow } from './repository.js';

/** Either form's body; the logged-in one also names the customer. */
type Report = z.output<typeof accessibility.sendGuestAccessibilityFeedback.body> & { customerKey?: string };
type Lookup = z.output<typeof accessibility.findAccessibilityFeedback.body>;

export const FEEDBACK_LIMITS = {
  perSender: 5,
  perAddress: 20,
  /** Lookups are guesses at a reference when they fail: an address gets a few dozen an hour. */
  lookupsPerAddress: 30,
  windowMs: 60 * 60_000,
} as const;

export function createAccessibilityService(deps: {
  db: Db;
  repository: AccessibilityRepository;
  customers: CustomersService;
  requests: RequestsService;
  throttle: Throttle;
}) {
  const { db, repository, customers, requests, throttle } = deps;
  const window = { windowMs: FEEDBACK_LIMITS.windowMs, over: 'refuse' } as const;

  async function toFeedback(row: FeedbackRow, now: Date): Promise<accessibility.AccessibilityFeedback> {
    const request = row.requestId === null ? null : await requests.get(String(row.requestId));
    return {
      reference: row.reference,
      receivedOn: row.receivedOn,
      dueOn: row.dueOn,
      status: row.answeredAt ? 'answered' : 'open',
      daysLeft: daysBetween(todayInRome(now), row.dueOn),
      answer: row.answer,
      requestKey: request?.key ?? null,
    };
  }

  return {
    async send(user: SessionUser | null, company: CompanyCode, body: Report, address: string, now: Date) {
      if (!isValidEmail(body.email))
        throw badRequest('invalid_input', [fieldError('email', 'invalid_email')]);
      if (body.company !== company)
        throw badRequest('unknown_company', [fieldError('company', 'unknown_company')]);
      // The reach check let a customer key through only for a user who reaches it.
      const customer = user && body.customerKey ? await customers.find(user, body.customerKey) : null;
      const email = body.email.toLowerCase();
      await throttle.attempt(
        [
          {
            key: `accessibility:${user ? `user:${user.id}` : `email:${email}`}`,
            limit: FEEDBACK_LIMITS.perSender,
            ...window,
          },
          { key: `accessibility:address:${address}`, limit: FEEDBACK_LIMITS.perAddress, ...window },
        ],
        now,
        'contact_too_many',
      );
      const receivedOn = todayInRome(now);
      const dueOn = accessibilityFeedbackDueOn(receivedOn);
      const row = await db.transaction(async (tx) => {
        const practice = customer
          ? await requests.open(tx, {
              companyCode: company,
              customerId: Number(customer.id),
              contractId: null,
              requestType: REQUEST_TYPE.accessibilityFeedback,
              description: `Segnalazione di accessibilità: risposta entro il ${formatDate(dueOn)}`,
              payload: { dueOn, page: body.page ?? null },
            })
          : null;
        return repository.insert(tx, {
          companyCode: company,
          customerId: customer ? Number(customer.id) : null,
          requestId: practice?.id ?? null,
          name: body.name,
          email,
          page: body.page || null,
          description: body.description,
          receivedOn,
          dueOn,
        });
      });
      return toFeedback(row, now);
    },

    async find(body: Lookup, address: string, now: Date) {
      await throttle.attempt(
        [{ key: `accessibility:lookup:${address}`, limit: FEEDBACK_LIMITS.lookupsPerAddress, ...window }],
        now,
        'too_many_attempts',
      );
      const row = await repository.find(body.reference.toUpperCase(), body.email.toLowerCase());
      // Said on the reference field, whichever half of the pair is wrong: it tells no more than that.
      if (!row)
        throw unprocessable('accessibility_feedback_not_found', [
          fieldError('reference', 'accessibility_feedback_not_found'),
        ]);
      return toFeedback(row, now);
    },
  };
}

export type AccessibilityService = ReturnType<typeof createAccessibilityService>;
