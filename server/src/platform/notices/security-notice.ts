// What the customer hears when something happens to their account that they did not necessarily do
// (ADR 022): a new account, a delegation asked or granted, a contact changed. It goes to the contacts
// on file (by e-mail, else by SMS), says "Se non sei stato tu…" and where to report it. Brand links
// carry `?company=`, so a phone that never opened the portal lands in the right brand. The words
// are the mail template's (integrations/mail/templates/security-notice.ts); the SMS says them short.
import type { CompanyCode } from '@sportello/contract';
import type { MailComposer } from '../../integrations/mail/compose.js';
import { brandUrl } from '../../integrations/mail/templates/brand-url.js';
import {
  notYouWarning,
  securityNoticeAction,
  securityNoticeSubject,
  type SecurityNoticeData,
} from '../../integrations/mail/templates/security-notice.js';
import { DELIVERY_KINDS, type SmsJob } from '../../jobs/deliveries.js';
import type { JobQueue } from '../../jobs/queue.js';

/** `mario.rossi@example.it` → `m•••@e•••.it`: enough to recognise one's own, too little to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}•••@${host.slice(0, 1)}•••${tld}`;
}

/** `+393331234543` (or `3331234543`, an Italian number kept without its prefix) → `+39 ••• ••• •543`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const country = phone.trim().startsWith('+') ? digits.slice(0, 2) : '39';
  return `+${country} ••• ••• •${digits.slice(-3)}`;
}

export interface ContactsOnFile {
  email: string | null;
  phoneMobile: string | null;
}

/** Where a code may go (a registration's proof, a step-up): the contacts on file, masked for display. */
export function contactsOnFile(customer: ContactsOnFile) {
  const found: { channel: 'email' | 'phone'; target: string; masked: string }[] = [];
  if (customer.email)
    found.push({ channel: 'email', target: customer.email, masked: maskEmail(customer.email) });
  if (customer.phoneMobile)
    found.push({ channel: 'phone', target: customer.phoneMobile, masked: maskPhone(customer.phoneMobile) });
  return found;
}

/**
 * Tells the contacts on file: the e-mail when there is one, the mobile by SMS otherwise. `key`
 * makes the delivery once-only (a retry of the same event sends nothing twice).
 */
export async function sendSecurityNotice(
  deps: { jobs: JobQueue; mail: MailComposer; publicBaseUrl: string },
  notice: SecurityNoticeData & {
    to: ContactsOnFile;
    company: CompanyCode | string;
    key: string;
    now: Date;
  },
): Promise<void> {
  const { to, company, key, now, ...data } = notice;
  if (to.email) {
    const mail = await deps.mail.compose('security-notice', data, { to: to.email, company });
    await deps.jobs.enqueue(DELIVERY_KINDS.mail, mail, `${key}:mail`, now);
  } else if (to.phoneMobile) {
    const url = (path: string) => brandUrl(deps.publicBaseUrl, company, path);
    const action = securityNoticeAction(data.event);
    const link = action ? ` ${url(action.path)}` : '';
    const text = `${securityNoticeSubject(data.event)}.${link} ${notYouWarning(url('/helpers/support'))}`;
    const sms: SmsJob = { to: to.phoneMobile, text };
    await deps.jobs.enqueue(DELIVERY_KINDS.sms, sms, `${key}:sms`, now);
  }
}
