// Sending e-mail: SMTP through nodemailer when SMTP_URL is set, otherwise the outbox table. Either
// way the mail leaves in the brand's name from MAIL_FROM's address, with both parts and marked
// `Auto-Submitted: auto-generated` (RFC 3834), so auto-responders do not answer it.
import type { Outbox } from '../outbox.js';
import { AUTOMATIC_MAIL_HEADERS, formatMailbox, senderOf, type MailSender } from './sender.js';
import { createSmtpMailSender } from './smtp.js';

export type { Mail, MailSender } from './sender.js';

export function createOutboxMailSender(outbox: Outbox, mailFrom: string): MailSender {
  return {
    send: (mail, key) =>
      outbox.deliver(
        {
          channel: 'mail',
          recipient: mail.to,
          subject: mail.subject,
          body: mail.text,
          html: mail.html ?? null,
          headers: { From: formatMailbox(senderOf(mail, mailFrom)), ...AUTOMATIC_MAIL_HEADERS },
        },
        key,
      ),
  };
}

export function createMailSender(
  config: { SMTP_URL?: string | undefined; MAIL_FROM: string },
  outbox: Outbox,
): MailSender {
  return config.SMTP_URL
    ? createSmtpMailSender({ url: config.SMTP_URL, from: config.MAIL_FROM })
    : createOutboxMailSender(outbox, config.MAIL_FROM);
}
