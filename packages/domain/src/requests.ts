// Rules over the customer's back-office requests (CRM workflows): whether a registry, bank-debit
// or shipping-address change is still being processed, and when a submitted request counts as
// accepted.

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
} as const;
const REGISTRY_CHANGE_OPEN_PHASE = 'IR010';
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
