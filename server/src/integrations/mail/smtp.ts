// SMTP delivery through nodemailer. The Message-ID is derived from the job's idempotency key, so a
// message resent after a crash is recognisably the same message to the receiving servers.
import nodemailer from 'nodemailer';
import { AUTOMATIC_MAIL_HEADERS, senderOf, type MailSender } from './sender.js';

export function createSmtpMailSender(options: { url: string; from: string }): MailSender {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(mail, idempotencyKey) {
      const from = senderOf(mail, options.from);
      const domain = from.address.split('@')[1] ?? 'sportello.local';
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        headers: AUTOMATIC_MAIL_HEADERS,
        messageId: `<${encodeURIComponent(idempotencyKey)}@${domain}>`,
      });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
