// Sending a one-time code, one use case for the profile's contact changes, a registration's proof of
// possession (ADR 022) and step-up (ADR 038): the caller's rate limit, a random code stored hashed with
// its expiry (platform/auth/one-time-code.ts), and its delivery by mail or SMS enqueued in the same
// transaction, so that a code is sent exactly when it exists. Checking one is the same for all too.
import { randomUUID } from 'node:crypto';
import type { Db } from '@sportello/db/client';
import type { MailComposer } from '../../integrations/mail/compose.js';
import { registrationCodeSms } from '../../integrations/mail/templates/registration-code.js';
import { verificationCodeSms } from '../../integrations/mail/templates/verification-code.js';
import { DELIVERY_KINDS, type MailJob, type SmsJob } from '../../jobs/deliveries.js';
import type { JobQueue } from '../../jobs/queue.js';
import {
  checkOtp,
  hashOtpCode,
  newOtpCode,
  OTP_LIFETIME_MS,
  type OtpOwner,
} from '../../platform/auth/one-time-code.js';
import type { Throttle, ThrottleRule } from '../../platform/auth/throttle.js';
import type { ProfileRepository } from './repository.js';

/** The words a code is sent with: the mail template, and the SMS text of the same name. */
const SMS_TEXTS = {
  'verification-code': verificationCodeSms,
  'registration-code': registrationCodeSms,
};

export interface CodeToSend {
  owner: OtpOwner;
  /**
   * What the code is for, kept with it: a contact change's `email` or `phone`, or `step-up`. A code
   * spent for another purpose proves nothing.
   */
  purpose: string;
  /** The contact the code confirms, kept with it. */
  target: string;
  /** Where the code goes: the target itself, or a contact on file. */
  deliverTo: { channel: 'email' | 'phone'; target: string };
  /** The brand the code is sent in. */
  company: string;
  words: keyof typeof SMS_TEXTS;
  /** The caller's rate limit: codes per user, customer or address. */
  limits: ThrottleRule[];
  /** Names the delivery job (`<keyPrefix>:<workflowId>`), for a reader of the queue. */
  keyPrefix: string;
}

export function createOneTimeCodes(deps: {
  repository: ProfileRepository;
  throttle: Throttle;
  jobs: (db: Db) => JobQueue;
  mail: (db: Db) => MailComposer;
}) {
  const { repository } = deps;
  return {
    /** Refuses with 429 `otp_too_many_codes` past the limits; else stores and sends a new code. */
    async send(code: CodeToSend, now: Date) {
      await deps.throttle.attempt(code.limits, now, 'otp_too_many_codes');
      const workflowId = randomUUID();
      const secret = newOtpCode();
      const expiresAt = new Date(now.getTime() + OTP_LIFETIME_MS);
      const { channel, target } = code.deliverTo;
      await repository.transaction(async (tx) => {
        // The owner's earlier code for the same purpose stops counting.
        await repository.replaceOtp(
          tx,
          code.owner,
          {
            id: workflowId,
            channel: code.purpose,
            target: code.target,
            codeHash: hashOtpCode(workflowId, secret),
            expiresAt,
          },
          now,
        );
        const delivery: MailJob | SmsJob =
          channel === 'email'
            ? await deps.mail(tx).compose(code.words, { code: secret }, { to: target, company: code.company })
            : { to: target, text: SMS_TEXTS[code.words](secret) };
        const kind = channel === 'email' ? DELIVERY_KINDS.mail : DELIVERY_KINDS.sms;
        await deps.jobs(tx).enqueue(kind, delivery, `${code.keyPrefix}:${workflowId}`, now);
      });
      return { workflowId, expiresAt: expiresAt.toISOString() };
    },

    /** Counts one try of a code and, on a match, spends it inside `tx` (platform/auth/one-time-code.ts). */
    check: (tx: Db, input: Parameters<typeof checkOtp>[2]) => checkOtp(repository, tx, input),
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
