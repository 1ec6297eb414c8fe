// What the GDPR makes us say and by when (ADR 069): the privacy notice's facts (purposes, legal bases,
// retention, recipients, sources, rights) as data, read by the notice and cookie policy pages and by
// the data archive's art. 15 information, so they never tell two stories; the month a data-subject
// request is answered in; the cookies the marketing pixel sets, which the consent banner clears.
// Sources: Regulation (EU) 2016/679 (GDPR) arts. 6, 12-22 and 77; D.Lgs. 196/2003 (Codice privacy) art.
// 122 and the Garante's cookie guidelines of 10 June 2021 (doc. web 9677876); civil code arts. 2220
// and 2946 for the ten years. Read in their official texts, except the cookie guidelines (summaries).
import { addMonths } from '../iso-date';

/**
 * Months within which a request under arts. 15-22 is answered: "without undue delay and in any event
 * within one month of receipt of the request" (GDPR art. 12(3)); extendable by two further months for
 * complex requests, telling the person why within the first month.
 */
export const GDPR_REPLY_MONTHS = 1;

/** The day by which a request received on `receivedOn` (a Rome date) must be answered. */
export const privacyRequestDueOn = (receivedOn: string): string => addMonths(receivedOn, GDPR_REPLY_MONTHS);

/** The requests the portal files (the others have their own page: archive, consents, registry). */
export const PRIVACY_REQUEST_KINDS = {
  erasure: { article: '17', requestType: 'CancellazioneDati', label: 'Cancellazione dei dati' },
  objection: { article: '21', requestType: 'OpposizioneTrattamento', label: 'Opposizione al trattamento' },
} as const;
export type PrivacyRequestKind = keyof typeof PRIVACY_REQUEST_KINDS;

/** Years bills, contracts and their records are kept after the contract ends (c.c. artt. 2220, 2946). */
export const CONTRACT_RECORDS_YEARS = 10;

/**
 * The marketing pixel the consent banner gates (web shared/consent/ad-pixel.ts) and the first-party
 * cookies its script sets: the cookie policy lists them, withdrawing consent deletes them.
 */
export const AD_PIXEL = {
  service: 'Meta Pixel',
  provider: 'Meta Platforms Ireland Limited, Merrie Hospital, 4 Grand Canal Square, Dublino 2, Irlanda',
  /** `_fbp`: the browser's identifier (90 days); `_fbc`: the ad clicked to arrive (90 days). */
  cookies: ['_fbp', '_fbc'],
  cookieDays: 90,
  /** Keys the pixel may keep in the browser's storage start like its cookies. */
  storagePrefix: '_fb',
  transfer:
    'Meta può trasferire i dati negli Stati Uniti: il trasferimento si basa sulla decisione di adeguatezza della Commissione europea del 10 luglio 2023 (EU-U.S. Data Privacy Framework).',
} as const;

export interface Purpose {
  key: string;
  what: string;
  /** The article of the GDPR (and the law it points to) that makes it lawful. */
  basis: string;
  retention: string;
}

const TEN_YEARS = `${CONTRACT_RECORDS_YEARS} anni`;

/** Why we process the data, on which legal basis, for how long. */
export const PRIVACY_PURPOSES: readonly Purpose[] = [
  {
    key: 'contract',
    what: 'Gestire il contratto di fornitura: attivazione, letture dei contatori, bollette, pagamenti, rateizzazioni, richieste e reclami.',
    basis: 'Esecuzione del contratto (art. 6, par. 1, lett. b GDPR).',
    retention: `Per tutta la durata del contratto e poi ${TEN_YEARS} dalla sua fine (artt. 2220 e 2946 del codice civile).`,
  },
  {
    key: 'law',
    what: 'Rispettare gli obblighi di legge: fatturazione elettronica, obblighi fiscali, regole di ARERA sulla qualità del servizio, risposte alle segnalazioni di accessibilità.',
    basis: 'Obbligo di legge (art. 6, par. 1, lett. c GDPR): per questo non ti chiediamo un consenso.',
    retention: `${TEN_YEARS} dalla fine del contratto, o il tempo più breve fissato dalla singola norma.`,
  },
  {
    key: 'portal',
    what: 'Farti usare l’area clienti e l’app e proteggere il tuo account: accesso, dispositivi, registro degli accessi, codici di verifica.',
    basis:
      'Esecuzione del contratto e legittimo interesse alla sicurezza (art. 6, par. 1, lett. b e f GDPR).',
    retention:
      'Finché hai un account; le sessioni scadono da sole e i codici di verifica valgono pochi minuti.',
  },
  {
    key: 'company_marketing',
    what: 'Inviarti offerte e novità nostre, se ci hai dato il consenso.',
    basis: 'Consenso (art. 6, par. 1, lett. a GDPR), che puoi revocare quando vuoi.',
    retention: 'Fino alla revoca del consenso.',
  },
  {
    key: 'partner_marketing',
    what: 'Comunicare i tuoi dati di contatto a società partner per loro offerte, se ci hai dato il consenso.',
    basis: 'Consenso (art. 6, par. 1, lett. a GDPR), che puoi revocare quando vuoi.',
    retention: 'Fino alla revoca del consenso.',
  },
  {
    key: 'ad_pixel',
    what: `Misurare le nostre campagne pubblicitarie con ${AD_PIXEL.service}, solo se accetti i cookie di marketing.`,
    basis:
      'Consenso (art. 6, par. 1, lett. a GDPR e art. 122 del Codice privacy), dato e revocato dal banner dei cookie.',
    retention: `I cookie restano nel tuo browser al massimo ${AD_PIXEL.cookieDays} giorni e li cancelliamo appena revochi il consenso.`,
  },
];

/** Who receives the data, by role, and the service providers (processors) by name. */
export const PRIVACY_RECIPIENTS: readonly string[] = [
  'Il nostro personale dell’assistenza clienti e del sistema di fatturazione, autorizzato e formato.',
  'I distributori locali di energia e gas e il Sistema Informativo Integrato (Acquirente Unico), per le letture, le attivazioni e i cambi di fornitore, come prevede ARERA.',
  'L’Agenzia delle Entrate tramite il Sistema di Interscambio, per le fatture elettroniche.',
  'Stripe Payments Europe, Limited (Irlanda), responsabile del trattamento per i pagamenti con carta: i dati della carta li riceve solo Stripe.',
  'Google Ireland Limited (Firebase Cloud Messaging), responsabile del trattamento per le notifiche dell’app, se le attivi.',
  `${AD_PIXEL.provider} (${AD_PIXEL.service}), solo se accetti i cookie di marketing. ${AD_PIXEL.transfer}`,
  'Le persone o le agenzie a cui hai dato una delega, per le forniture che hai delegato.',
  'Autorità pubbliche (ARERA, autorità giudiziaria, Garante) quando la legge lo richiede.',
];

/** Where the data come from (GDPR art. 15(1)(g)). */
export const PRIVACY_SOURCES: readonly string[] = [
  'Da te: registrazione, contratto, moduli dell’area clienti e contatti con l’assistenza.',
  'Dai distributori locali e dal Sistema Informativo Integrato: letture e dati tecnici dei contatori.',
  'Dalla tua banca: l’esito degli addebiti diretti SEPA.',
  'Dalle persone a cui hai dato una delega, quando operano per te.',
];

export interface PrivacyRight {
  article: string;
  name: string;
  /** How to use it in the portal. */
  how: string;
}

/** The data subject's rights (GDPR arts. 15-22) and where the portal lets them be exercised. */
export const PRIVACY_RIGHTS: readonly PrivacyRight[] = [
  {
    article: '15',
    name: 'Accesso',
    how: 'Nel profilo, alla pagina I tuoi dati, scarichi l’archivio di tutto ciò che il portale conserva su di te, con queste informazioni.',
  },
  {
    article: '16',
    name: 'Rettifica',
    how: 'Nel profilo correggi e-mail, telefono e indirizzo di spedizione; per nome e codice fiscale chiedi la variazione dei dati anagrafici.',
  },
  {
    article: '17',
    name: 'Cancellazione',
    how: 'Nel profilo, alla pagina Consensi privacy, invii la richiesta: cancelliamo ciò che non dobbiamo conservare per legge e ti diciamo cosa resta e perché.',
  },
  {
    article: '18',
    name: 'Limitazione',
    how: 'Dalla pagina Consensi privacy invii una richiesta di opposizione e scrivi che chiedi di limitare il trattamento, e perché.',
  },
  {
    article: '20',
    name: 'Portabilità',
    how: 'L’archivio della pagina I tuoi dati è in formati leggibili da un programma (JSON e CSV).',
  },
  {
    article: '21',
    name: 'Opposizione',
    how: 'Nel profilo, alla pagina Consensi privacy, invii la richiesta; per le offerte basta togliere il consenso.',
  },
  {
    article: '22',
    name: 'Nessuna decisione solo automatica',
    how: 'Non prendiamo decisioni che ti riguardano in modo solo automatico: c’è sempre una persona.',
  },
];

/** Where anyone may complain about how their data are processed (GDPR art. 77). */
export const GARANTE_PRIVACY = {
  name: 'Garante per la protezione dei dati personali',
  address: 'Piazza Venezia 11, 00187 Roma',
  url: 'https://www.garanteprivacy.it',
} as const;
