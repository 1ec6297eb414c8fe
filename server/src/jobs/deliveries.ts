// Job kinds that talk to the outside: mail, push and SMS. Each passes the job's idempotency key to
// its sender, so a retry after a crash between sending and recording does not deliver twice
// (outbox: exactly once; SMTP and FCM: the same Message-ID / collapse key).
import type { MailSender } from '../integrations/mail/index.js';
import { UnregisteredTokenError, type PushSender } from '../integrations/push/index.js';
import type { SmsSender } from '../integrations/sms/index.js';
import type { JobHandler } from './worker.js';

export const DELIVERY_KINDS = { mail: 'mail', push: 'push', sms: 'sms' } as const;

/** A mail rendered from a template (integrations/mail/templates), sent in the brand's name. */
export interface MailJob extends Record<string, unknown> {
  to: string;
  /** The brand's name, shown as the sender; absent, the name in MAIL_FROM. */
  senderName?: string;
  subject: string;
  text: string;
  html?: string;
}
export interface PushJob extends Record<string, unknown> {
  deviceId: number;
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
}
export interface SmsJob extends Record<string, unknown> {
  to: string;
  text: string;
}

/**
 * What a delivery job keeps once it is sent or given up: to whom and about what (the console's
 * "notifications sent"), never its text, which may hold a live one-time code or a reset link. Other
 * kinds keep their payload.
 */
export function payloadOnceDone(kind: string, payload: Record<string, unknown>): Record<string, unknown> {
  if (kind === DELIVERY_KINDS.mail) {
    const { to, senderName, subject } = payload as MailJob;
    return { to, ...(senderName === undefined ? {} : { senderName }), subject };
  }
  if (kind === DELIVERY_KINDS.sms) return { to: (payload as SmsJob).to };
  if (kind === DELIVERY_KINDS.push) {
    const { deviceId, title } = payload as PushJob;
    return { deviceId, title };
  }
  return payload;
}

export function createDeliveryHandlers(deps: {
  mail: MailSender;
  push: PushSender;
  sms: SmsSender;
  forgetDevice: (deviceId: number) => Promise<void>;
}): Record<string, JobHandler> {
  return {
    [DELIVERY_KINDS.mail]: async (job) => {
      const { to, senderName, subject, text, html } = job.payload as MailJob;
      return deps.mail.send({ to, senderName, subject, text, html }, job.idempotencyKey);
    },
    [DELIVERY_KINDS.push]: async (job) => {
      const { deviceId, token, title, body, data } = job.payload as PushJob;
      try {
        return await deps.push.send({ token, title, body, data }, job.idempotencyKey);
      } catch (err) {
        if (!(err instanceof UnregisteredTokenError)) throw err;
        await deps.forgetDevice(deviceId);
        return { unregistered: true };
      }
    },
    [DELIVERY_KINDS.sms]: async (job) => {
      const { to, text } = job.payload as SmsJob;
      return deps.sms.send({ to, text }, job.idempotencyKey);
    },
  };
}
