// Sending e-mail: SMTP through nodemailer when SMTP_URL is set, otherwise the outbox table.
import type { Outbox } from '../outbox.js';
import { createSmtpMailSender } from './smtp.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailSender {
  /** Sends once per idempotency key as far as the provider allows; answers the provider's message id. */
  send(mail: Mail, idempotencyKey: string): Promise<{ messageId: string }>;
  close?(): void;
}

export function createOutboxMailSender(outbox: Outbox): MailSender {
  return {
    send: (mail, key) =>
      outbox.deliver({ channel: 'mail', recipient: mail.to, subject: mail.subject, body: mail.text }, key),
  };
}

export function createMailSender(
  config: { SMTP_URL?: string | undefined; MAIL_FROM: string },
  outbox: Outbox,
): MailSender {
  return config.SMTP_URL
    ? createSmtpMailSender({ url: config.SMTP_URL, from: config.MAIL_FROM })
    : createOutboxMailSender(outbox);
}
