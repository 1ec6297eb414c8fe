// What the customer hears when something happens to their account that they did not necessarily
// do (ADR 022): what happened, where to act on it, and where to report it if it was not them.
import { renderMail, type MailTemplate } from './layout.js';

/** Who revoked a delegation, in the notice's words. */
const REVOKED_BY = {
  holder: 'dal titolare',
  care: 'dal servizio clienti, su richiesta del titolare',
  erp: 'dal fornitore',
} as const;

export type SecurityEvent =
  | { kind: 'account-created'; username: string }
  | { kind: 'delegation-requested'; who: string; linkPath: string }
  | { kind: 'delegation-granted'; who: string }
  /** A delegation ended (ADR 047): told to the holder and to the delegate, each in their words. */
  | {
      kind: 'delegation-revoked';
      audience: 'holder' | 'delegate';
      delegate: string;
      holder: string;
      by: 'holder' | 'care' | 'erp';
    }
  | { kind: 'contact-changed'; contact: 'email' | 'phoneMobile'; username: string; shown: string }
  /** A login from a device never seen for the user (ADR 037): `endPath` ends that session, once. */
  | { kind: 'new-login'; username: string; device: string; at: string; endPath: string }
  /** A passkey added to the account (ADR 038): a thief's own passkey would pass every step-up. */
  | { kind: 'passkey-added'; username: string; passkey: string; at: string }
  /** A personal read-only token created (ADR 037): it reads bills and consumption without the password. */
  | { kind: 'token-created'; username: string; token: string; at: string }
  /** A bill mailed to an address that is not on file (after a step-up): `shown` is it, masked. */
  | { kind: 'bill-mailed'; bill: string; shown: string }
  /** Where the customer's electronic invoices go changed (ADR 067): `to` is the recipient code and the PEC, masked. */
  | { kind: 'einvoice-recipient-changed'; to: string }
  /** Where a contract's bills go changed: `to` is the new e-mail (masked) or the town of the new address. */
  | { kind: 'bills-redirected'; contract: string; to: string }
  /**
   * The care console started correcting a contact on a caller's word (ADR 047): told to the contacts on
   * file BEFORE anything changes, with the code's destination, so the real customer can stop it.
   */
  | {
      kind: 'care-contact-started';
      contact: 'email' | 'phone';
      shown: string;
      sentTo: string;
      reason: string;
    }
  /** The customer-care console fixed the account on the customer's request (ADR 045). */
  | { kind: 'care-action'; action: CareAction; reason: string };

/** What the care console did, as the notice says it: "Il servizio clienti ha … su tua richiesta". */
export const CARE_ACTIONS = {
  'unlock-login': 'sbloccato l’accesso al tuo account',
  'reset-link': 'inviato il link per scegliere una nuova password',
  'end-sessions': 'terminato tutti gli accessi aperti al tuo account',
  contact: 'corretto un recapito del tuo account, dopo averlo verificato con il codice',
  delegation: 'confermato la delega che ci hai confermato al telefono',
  'delegation-revoke': 'revocato una delega che avevi dato',
} as const;
export type CareAction = keyof typeof CARE_ACTIONS;

export interface SecurityNoticeData {
  /** The holder's name (a company by its name) or the user's. */
  name: string;
  event: SecurityEvent;
}

const SUBJECTS: Record<SecurityEvent['kind'], string> = {
  'account-created': 'Registrazione completata',
  'delegation-requested': 'Richiesta di delega',
  'delegation-granted': 'Delega confermata',
  'delegation-revoked': 'Delega revocata',
  'contact-changed': 'Contatto cambiato',
  'new-login': 'Nuovo accesso al tuo account',
  'care-action': 'Il servizio clienti ha modificato il tuo account',
  'passkey-added': 'Nuova passkey aggiunta',
  'token-created': 'Nuovo token personale creato',
  'bill-mailed': 'Bolletta inviata a un altro indirizzo',
  'bills-redirected': 'Le tue bollette cambiano indirizzo',
  'einvoice-recipient-changed': 'Nuovo recapito per le tue fatture elettroniche',
  'care-contact-started': 'Richiesta di cambiare un tuo recapito',
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
  if (event.kind === 'new-login')
    return { label: 'Non sono stato io: termina questo accesso', path: event.endPath };
  if (event.kind === 'passkey-added') return { label: 'Le tue passkey', path: '/profile/passkey' };
  if (event.kind === 'token-created') return { label: 'I tuoi token', path: '/profile/token-personali' };
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
    case 'delegation-revoked': {
      const how = REVOKED_BY[event.by];
      return event.audience === 'holder'
        ? `la delega a ${event.delegate} è stata revocata ${how}: non può più gestire le tue forniture nel portale clienti.`
        : `la delega con cui gestivi le forniture di ${event.holder} è stata revocata ${how}: non puoi più vederle nel portale clienti.`;
    }
    case 'delegation-granted':
      return `la delega a ${event.who} è confermata: ora può gestire le tue forniture nel portale clienti.`;
    case 'contact-changed': {
      const what = event.contact === 'email' ? "l'indirizzo e-mail" : 'il numero di cellulare';
      return `${what} del tuo account (nome utente ${event.username}) è stato cambiato in ${event.shown}.`;
    }
    case 'new-login':
      return (
        `il ${event.at} è stato fatto un accesso al tuo account (nome utente ${event.username}) da un ` +
        `dispositivo che non avevamo ancora visto: ${event.device}. Se sei stato tu, non devi fare nulla. ` +
        'Se non sei stato tu, termina subito questo accesso dal link qui sotto e cambia la password.'
      );
    case 'care-action':
      return `il servizio clienti ha ${CARE_ACTIONS[event.action]} su tua richiesta. Motivo: ${event.reason.replace(/[.\s]+$/, '')}.`;
    case 'passkey-added':
      return (
        `il ${event.at} è stata aggiunta la passkey «${event.passkey}» al tuo account (nome utente ` +
        `${event.username}). Se sei stato tu, non devi fare nulla. Se non sei stato tu, rimuovila ` +
        'subito dal link qui sotto e cambia la password.'
      );
    case 'token-created':
      return (
        `il ${event.at} è stato creato il token personale «${event.token}» per il tuo account (nome ` +
        `utente ${event.username}): chi lo conosce può leggere consumi e bollette delle tue forniture. ` +
        'Se sei stato tu, non devi fare nulla. Se non sei stato tu, revocalo subito dal link qui sotto ' +
        'e cambia la password: cambiarla revoca anche tutti i token.'
      );
    case 'bill-mailed':
      return (
        `una copia della bolletta n. ${event.bill} è stata inviata all'indirizzo ${event.shown}, che non è ` +
        'tra i tuoi recapiti.'
      );
    case 'care-contact-started': {
      const what = event.contact === 'email' ? "l'indirizzo e-mail" : 'il numero di cellulare';
      return (
        `al telefono ci è stato chiesto di cambiare ${what} del tuo account in ${event.shown} (motivo: ` +
        `${event.reason.replace(/[.\s]+$/, '')}). Per confermarlo abbiamo inviato un codice a ${event.sentTo}. ` +
        "Se sei tu ad averci chiamato, leggi il codice all'operatore. Se non sei stato tu, non comunicarlo " +
        'a nessuno: senza quel codice non cambia nulla.'
      );
    }
    case 'bills-redirected':
      return `è stato chiesto di inviare d'ora in poi le bollette del contratto ${event.contract} a ${event.to}.`;
    case 'einvoice-recipient-changed':
      return `d'ora in poi le tue fatture elettroniche saranno recapitate tramite il Sistema di Interscambio a: ${event.to}.`;
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
