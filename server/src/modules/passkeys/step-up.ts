// Step-up (ADR 038): the session proves its user again, with one of the user's passkeys or with a
// one-time code sent to a contact on file (the user's own, else their customer's), and the calls
// marked `stepUp` open to it for 5 minutes (platform/auth/step-up.ts checks them). Codes are the
// profile's one-time codes (4 digits, hashed, single use, 10 minutes, 5 tries), 5 an hour per user.
import type { passkeys as calls } from '@sportello/contract';
import { isValidOtpCode } from '@sportello/domain';
import type * as z from 'zod/mini';
import type { Db } from '@sportello/db/client';
import { unprocessable } from '../../http/app-error.js';
import type { OtpOutcome } from '../../platform/auth/one-time-code.js';
import { steppedUpUntil, STEP_UP_VALID_MS } from '../../platform/auth/step-up.js';
import { contactsOnFile } from '../../platform/notices/security-notice.js';
import type { LoadedSession, SessionUser } from '../../platform/sessions/session-store.js';
import { CeremonyRefused } from '../../platform/auth/webauthn.js';
import { contactsOfUser } from './contacts.js';
import type { PasskeysContext } from './context.js';

type AuthenticationCredential = z.output<typeof calls.stepUpWithPasskey.body>['credential'];

export const STEP_UP_CODES_PER_HOUR = 5;
/** The one-time-code channel of step-up codes: a contact change's code never steps up, nor the reverse. */
export const STEP_UP_OTP_CHANNEL = 'step-up';

const CODE_REFUSALS = {
  wrong: 'step_up_code_wrong',
  expired: 'step_up_code_invalid',
  invalid: 'step_up_code_invalid',
  locked: 'step_up_code_locked',
} as const satisfies Record<Exclude<OtpOutcome, 'verified'>, string>;

export function createStepUp(context: PasskeysContext) {
  const { repository, ceremonies, audit, profile, customers, store } = context;

  const contactsOf = async (user: SessionUser) => contactsOnFile(await contactsOfUser(customers, user));

  async function passed(
    session: LoadedSession,
    user: SessionUser,
    how: string,
    userAgent: string | null,
    now: Date,
  ) {
    await store.markSteppedUp(session.idHash, now);
    await audit.record(user.id, { kind: 'step_up_passed', detail: how, userAgent }, now);
    return { steppedUpUntil: new Date(now.getTime() + STEP_UP_VALID_MS).toISOString() };
  }

  return {
    async status(session: LoadedSession, user: SessionUser, now: Date) {
      return {
        steppedUpUntil: steppedUpUntil(session, now)?.toISOString() ?? null,
        hasPasskey: (await repository.countOfUser(user.id)) > 0,
        channels: (await contactsOf(user)).map(({ channel, masked }) => ({ channel, sentTo: masked })),
      };
    },

    async passkeyOptions(session: LoadedSession, user: SessionUser, now: Date) {
      const own = await repository.ofUser(user.id);
      if (own.length === 0) throw unprocessable('step_up_no_passkey');
      return ceremonies.authenticationOptions('step-up', own, session.idHash, user.id, now);
    },

    async withPasskey(
      session: LoadedSession,
      user: SessionUser,
      credential: AuthenticationCredential,
      userAgent: string | null,
      now: Date,
    ) {
      try {
        const passkey = await ceremonies.verifyAuthentication(
          credential,
          'step-up',
          session.idHash,
          async (id) => {
            const row = await repository.byCredentialId(id);
            return row?.userId === user.id ? row : undefined;
          },
          now,
        );
        return await passed(session, user, `passkey «${passkey.name}»`, userAgent, now);
      } catch (err) {
        if (!(err instanceof CeremonyRefused)) throw err;
        await audit.record(
          user.id,
          { kind: 'step_up_refused', detail: `passkey: ${err.reason}`, userAgent },
          now,
        );
        throw unprocessable('passkey_ceremony_invalid');
      }
    },

    /** Sends a code to the contact on file of the channel chosen (never one typed here). */
    async startCode(user: SessionUser, channel: 'email' | 'phone', now: Date) {
      const contact = (await contactsOf(user)).find((c) => c.channel === channel);
      if (!contact) throw unprocessable('step_up_contact_missing');
      const sent = await profile.oneTimeCodes.send(
        {
          owner: { userId: user.id },
          purpose: STEP_UP_OTP_CHANNEL,
          target: contact.target,
          deliverTo: contact,
          company: user.companyCode,
          words: 'verification-code',
          limits: [
            {
              key: `step-up-code:user:${user.id}`,
              limit: STEP_UP_CODES_PER_HOUR,
              windowMs: 3_600_000,
              over: 'refuse',
            },
          ],
          keyPrefix: 'step-up',
        },
        now,
      );
      return { ...sent, sentTo: contact.masked };
    },

    async withCode(
      session: LoadedSession,
      user: SessionUser,
      input: { workflowId: string; code: string },
      userAgent: string | null,
      now: Date,
    ) {
      const outcome = isValidOtpCode(input.code)
        ? await repository.transaction(async (tx: Db) => {
            const checked = await profile.oneTimeCodes.check(tx, {
              workflowId: input.workflowId,
              owner: { userId: user.id },
              code: input.code,
              now,
            });
            // Another kind of code of the user's (a new address's) proves nothing about them.
            if (checked.row && checked.row.channel !== STEP_UP_OTP_CHANNEL) return 'invalid';
            return checked.outcome;
          })
        : ('wrong' as const);
      if (outcome === 'verified') return passed(session, user, 'codice', userAgent, now);
      const code = CODE_REFUSALS[outcome];
      await audit.record(user.id, { kind: 'step_up_refused', detail: `codice: ${outcome}`, userAgent }, now);
      throw unprocessable(code);
    },
  };
}
