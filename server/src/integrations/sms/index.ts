// Sending SMS (phone one-time codes of the profile and registration features). No provider adapter
// yet: the outbox table is the delivery, readable by developers.
import type { Outbox } from '../outbox.js';

export interface Sms {
  to: string;
  text: string;
}

export interface SmsSender {
  send(sms: Sms, idempotencyKey: string): Promise<{ messageId: string }>;
}

export function createSmsSender(outbox: Outbox): SmsSender {
  return {
    send: (sms, key) =>
      outbox.deliver({ channel: 'sms', recipient: sms.to, subject: null, body: sms.text }, key),
  };
}
