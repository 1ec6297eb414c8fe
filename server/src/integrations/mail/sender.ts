// What every sender shares: the mail, the sender's name and address, the automatic-mail headers.

export interface Mail {
  to: string;
  /** The brand's name; absent, the name in MAIL_FROM. */
  senderName?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
}

export interface MailSender {
  /** Sends once per idempotency key as far as the provider allows; answers the provider's message id. */
  send(mail: Mail, idempotencyKey: string): Promise<{ messageId: string }>;
  close?(): void;
}

/** The headers every mail carries, whoever delivers it. */
export const AUTOMATIC_MAIL_HEADERS = { 'Auto-Submitted': 'auto-generated' } as const;

/** `Sportello <no-reply@sportello.local>` → its name and address. */
export function parseMailbox(mailbox: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailbox);
  return match ? { name: match[1]!, address: match[2]! } : { name: '', address: mailbox.trim() };
}

/** The sender as it appears in the From header: the brand's name, MAIL_FROM's address. */
export function senderOf(mail: Mail, mailFrom: string): { name: string; address: string } {
  const fallback = parseMailbox(mailFrom);
  return { name: mail.senderName ?? fallback.name, address: fallback.address };
}

/** `"Serena Gas & Luce" <no-reply@…>`: quoted, so a name with punctuation stays one name. */
export const formatMailbox = ({ name, address }: { name: string; address: string }) =>
  name ? `"${name.replace(/["\\]/g, '\\$&')}" <${address}>` : address;
