// Rules over the customer's back-office requests (CRM workflows): whether a registry, bank-debit
// or shipping-address change is still being processed, and when a submitted request counts as
// accepted.
import { PRIVACY_REQUEST_KINDS } from './regulation/privacy';

export interface RequestSummary {
  requestType: string;
  status: string;
  phaseCode: string | null;
  /** ISO instant */
  createdDate: string;
}

/** The CRM's request types the portal creates or reads. */
export const REQUEST_TYPE = {
  registryChange: 'Var_Anagrafica',
  bankDebit: 'GestioneSDD',
  shippingAddress: 'ShippingAddress',
  installments: 'Rateizzazione',
  emailInvoice: 'InvioBollettaEmail',
  billingOptions: 'OpzioniFatturazione',
  information: 'Information',
  serviceActivation: 'AttivazioneServizio',
  accessibilityFeedback: 'SegnalazioneAccessibilita',
  privacyErasure: PRIVACY_REQUEST_KINDS.erasure.requestType,
  privacyObjection: PRIVACY_REQUEST_KINDS.objection.requestType,
} as const;
/** A registry change in this phase is still being processed (SPEC §4). */
export const REGISTRY_CHANGE_OPEN_PHASE = 'IR010';
const CLOSED_STATUS = 'Chiuso';

/** Most recent request of a type; instants are parsed because their offsets may differ. */
function latestOfType(requests: readonly RequestSummary[], requestType: string): RequestSummary | undefined {
  return requests
    .filter((request) => request.requestType === requestType)
    .reduce<RequestSummary | undefined>(
      (latest, request) =>
        latest === undefined || Date.parse(request.createdDate) > Date.parse(latest.createdDate)
          ? request
          : latest,
      undefined,
    );
}

export function isRegistryChangeInProgress(requests: readonly RequestSummary[]): boolean {
  return latestOfType(requests, REQUEST_TYPE.registryChange)?.phaseCode === REGISTRY_CHANGE_OPEN_PHASE;
}

/**
 * The local flag covers the gap between submitting a change and the CRM listing it;
 * otherwise the latest GestioneSDD request decides.
 */
export function isBankDebitChangeInProgress(
  localFlag: boolean,
  requests: readonly RequestSummary[],
): boolean {
  return localFlag || isLatestOpen(requests, REQUEST_TYPE.bankDebit);
}

/**
 * SPEC §4 names no rule for the shipping address; the bank-debit one fits: the change is in
 * progress until the latest ShippingAddress request of the contract is closed.
 */
export function isShippingAddressChangeInProgress(requests: readonly RequestSummary[]): boolean {
  return isLatestOpen(requests, REQUEST_TYPE.shippingAddress);
}

function isLatestOpen(requests: readonly RequestSummary[], requestType: string): boolean {
  const latest = latestOfType(requests, requestType);
  return latest !== undefined && latest.status !== CLOSED_STATUS;
}

/** The CRM answers with id 0 or a negative id when it did not create the request (spec §5). */
export function isRequestSuccess(requestId: number | null | undefined): boolean {
  return typeof requestId === 'number' && requestId > 0;
}

/** Request types in Italian words for the practices pages; the CRM's older spellings included. */
const REQUEST_TYPE_LABELS: Readonly<Record<string, string>> = {
  [REQUEST_TYPE.registryChange]: 'Variazione dati anagrafici',
  [REQUEST_TYPE.bankDebit]: 'Domiciliazione bancaria',
  [REQUEST_TYPE.shippingAddress]: 'Indirizzo di spedizione',
  [REQUEST_TYPE.installments]: 'Rateizzazione',
  Installments: 'Rateizzazione',
  [REQUEST_TYPE.emailInvoice]: 'Invio bolletta via e-mail',
  [REQUEST_TYPE.billingOptions]: 'Modalità di invio della bolletta',
  [REQUEST_TYPE.information]: 'Richiesta di informazioni',
  [REQUEST_TYPE.serviceActivation]: 'Attivazione servizio',
  [REQUEST_TYPE.accessibilityFeedback]: 'Segnalazione di accessibilità',
  [REQUEST_TYPE.privacyErasure]: PRIVACY_REQUEST_KINDS.erasure.label,
  [REQUEST_TYPE.privacyObjection]: PRIVACY_REQUEST_KINDS.objection.label,
};

/** What a bank-debit request asks, in the words its description gives the customer. */
const BANK_DEBIT_OPERATION_LABELS = {
  activate: 'attivazione',
  change: 'cambio del conto',
  revoke: 'revoca',
} as const;

/** A bank-debit request's description: "Domiciliazione bancaria: cambio del conto". */
export const bankDebitRequestDescription = (operation: keyof typeof BANK_DEBIT_OPERATION_LABELS) =>
  `${REQUEST_TYPE_LABELS[REQUEST_TYPE.bankDebit]}: ${BANK_DEBIT_OPERATION_LABELS[operation]}`;

const STATUS_LABELS: Readonly<Record<string, string>> = {
  Aperto: 'Aperta',
  InLavorazione: 'In lavorazione',
  [CLOSED_STATUS]: 'Chiusa',
  Annullato: 'Annullata',
};

/** The CRM's phase codes the portal knows; IR010 is the registry change's open phase (SPEC §4). */
const PHASE_LABELS: Readonly<Record<string, string>> = {
  [REGISTRY_CHANGE_OPEN_PHASE]: 'Presa in carico',
  IR050: 'In verifica',
  IR090: 'Completata',
};

export function requestTypeLabel(requestType: string): string {
  return REQUEST_TYPE_LABELS[requestType] ?? 'Altra richiesta';
}

export function requestStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? 'In lavorazione';
}

/**
 * The phase in words. Without a phase code the status tells: an open request waits to be taken in
 * charge, one being worked is in progress, a closed or cancelled one says so (the back office may
 * close a request without ever setting a phase).
 */
export function requestPhaseLabel(phaseCode: string | null, status: string): string {
  if (phaseCode !== null) return PHASE_LABELS[phaseCode] ?? 'In lavorazione';
  if (status === 'Aperto') return 'In attesa di presa in carico';
  return requestStatusLabel(status);
}

/** Practices split in two tabs (SPEC §3): closed ones are those closed or cancelled. */
export function isRequestClosed(status: string): boolean {
  return status === CLOSED_STATUS || status === 'Annullato';
}
