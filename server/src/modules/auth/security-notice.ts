// What the customer hears when something happens to their account that they did not necessarily do
// (ADR 022): a new account, a delegation asked or granted, a contact changed. It goes to the contacts
// on file (by e-mail, else by SMS), says "Se non sei stato tu…" and where to report it. Brand links
// carry `?company=`, so a phone that never opened the portal lands in the right brand.
import type { CompanyCode } from '@sportello/contract';
import { DELIVERY_KINDS, type MailJob, type SmsJob } from '../../jobs/deliveries.js';
import type { JobQueue } from '../../jobs/queue.js';

/** A path of the portal in the brand's colours: `?company=` goes with it (issue 23 finding 5). */
export function brandUrl(publicBaseUrl: string, company: string, path: string): string {
  const url = new URL(path, publicBaseUrl);
  url.searchParams.set('company', company);
  return url.toString();
}

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

/**
 * Tells the contacts on file: the e-mail when there is one, the mobile by SMS otherwise. `key`
 * makes the delivery once-only (a retry of the same event sends nothing twice).
 */
export async function sendSecurityNotice(
  jobs: JobQueue,
  notice: {
    to: ContactsOnFile;
    company: CompanyCode | string;
    publicBaseUrl: string;
    subject: string;
    /** What happened, in one or two sentences, with the greeting. */
    text: string;
    /** Where to act on it (confirm or refuse a delegation), in the SMS too. */
    link?: string;
    key: string;
    now: Date;
  },
): Promise<void> {
  const support = brandUrl(notice.publicBaseUrl, notice.company, '/helpers/support');
  const warning = `Se non sei stato tu, segnalacelo subito al servizio clienti: ${support}`;
  const link = notice.link ? `\n\n${notice.link}` : '';
  if (notice.to.email) {
    const text = `${notice.text}${link}\n\n${warning}\n`;
    const mail: MailJob = { to: notice.to.email, subject: notice.subject, text };
    await jobs.enqueue(DELIVERY_KINDS.mail, mail, `${notice.key}:mail`, notice.now);
  } else if (notice.to.phoneMobile) {
    const text = `${notice.subject}.${notice.link ? ` ${notice.link}` : ''} ${warning}`;
    const sms: SmsJob = { to: notice.to.phoneMobile, text };
    await jobs.enqueue(DELIVERY_KINDS.sms, sms, `${notice.key}:sms`, notice.now);
  }
}
