// What the customer hears when something happens to their account that they did not necessarily
// do (ADR 022): what happened, where to act on it, and where to report it if it was not them.
import { renderMail, type MailTemplate } from './layout.js';

export type SecurityEvent =
  | { kind: 'account-created'; username: string }
  | { kind: 'delegation-requested'; who: string; linkPath: string }
  | { kind: 'delegation-granted'; who: string }
  | { kind: 'contact-changed'; contact: 'email' | 'phoneMobile'; username: string; shown: string };

export interface SecurityNoticeData {
  /** The holder's name (a company by its name) or the user's. */
  name: string;
  event: SecurityEvent;
}

const SUBJECTS: Record<SecurityEvent['kind'], string> = {
  'account-created': 'Registrazione completata',
  'delegation-requested': 'Richiesta di delega',
  'delegation-granted': 'Delega confermata',
  'contact-changed': 'Contatto cambiato',
};

/** The subject, which is also the SMS's first words. */
export function securityNoticeSubject(event: SecurityEvent): string {
  if (event.kind === 'contact-changed')
    return event.contact === 'email' ? 'Indirizzo e-mail cambiato' : 'Numero di cellulare cambiato';
  return SUBJECTS[event.kind];
}

/** The path to act on the event (log in, answer the delegation), if there is one. */
export function securityNoticeAction(event: SecurityEvent): { label: string; path: string } | undefined {
  if (event.kind === 'account-created') return { label: 'Accedi', path: '/login' };
  if (event.kind === 'delegation-requested') return { label: 'Conferma o rifiuta', path: event.linkPath };
  return undefined;
}

function sentence(event: SecurityEvent): string {
  switch (event.kind) {
    case 'account-created':
      return (
        `è stato creato l'account del portale clienti con il nome utente ${event.username}. ` +
        'Accedi da questo link:'
      );
    case 'delegation-requested':
      return (
        `${event.who} chiede di poter gestire le tue forniture nel portale clienti. Conferma o rifiuta ` +
        'la delega da questo link; se non conosci questa persona, rifiutala.'
      );
    case 'delegation-granted':
      return `la delega a ${event.who} è confermata: ora può gestire le tue forniture nel portale clienti.`;
    case 'contact-changed': {
      const what = event.contact === 'email' ? "l'indirizzo e-mail" : 'il numero di cellulare';
      return `${what} del tuo account (nome utente ${event.username}) è stato cambiato in ${event.shown}.`;
    }
  }
}

/** "Se non sei stato tu…" with the brand's support page, in the mail and in the SMS alike. */
export const notYouWarning = (supportUrl: string) =>
  `Se non sei stato tu, segnalacelo subito al servizio clienti: ${supportUrl}`;

export const securityNotice: MailTemplate<SecurityNoticeData> = ({ name, event }, brand) => {
  const action = securityNoticeAction(event);
  return renderMail(
    {
      subject: securityNoticeSubject(event),
      greeting: `Gentile ${name},`,
      paragraphs: [sentence(event)],
      ...(action ? { action: { label: action.label, url: brand.url(action.path) } } : {}),
      after: [notYouWarning(brand.url('/helpers/support'))],
    },
    brand,
  );
};
