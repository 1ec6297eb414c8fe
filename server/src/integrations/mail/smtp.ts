// SMTP delivery through nodemailer. The Message-ID is derived from the job's idempotency key, so a
// message resent after a crash is recognisably the same message to the receiving servers.
import nodemailer from 'nodemailer';
import type { MailSender } from './index.js';

export function createSmtpMailSender(options: { url: string; from: string }): MailSender {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(mail, idempotencyKey) {
      const domain = options.from.split('@')[1]?.replace(/>$/, '') ?? 'sportello.local';
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${encodeURIComponent(idempotencyKey)}@${domain}>`,
      });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
