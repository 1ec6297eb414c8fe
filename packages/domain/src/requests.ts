// Rules over the customer's back-office requests (CRM workflows): whether a registry or
// bank-debit change is still being processed, and when a submitted request counts as accepted.

export interface RequestSummary {
  requestType: string;
  status: string;
  phaseCode: string | null;
  /** ISO instant */
  createdDate: string;
}

const REGISTRY_CHANGE_TYPE = 'Var_Anagrafica';
const REGISTRY_CHANGE_OPEN_PHASE = 'IR010';
const BANK_DEBIT_CHANGE_TYPE = 'GestioneSDD';
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
  return latestOfType(requests, REGISTRY_CHANGE_TYPE)?.phaseCode === REGISTRY_CHANGE_OPEN_PHASE;
}

/**
 * The local flag covers the gap between submitting a change and the CRM listing it;
 * otherwise the latest GestioneSDD request decides.
 */
export function isBankDebitChangeInProgress(
  localFlag: boolean,
  requests: readonly RequestSummary[],
): boolean {
  if (localFlag) return true;
  const latest = latestOfType(requests, BANK_DEBIT_CHANGE_TYPE);
  return latest !== undefined && latest.status !== CLOSED_STATUS;
}

/** The CRM answers with id 0 or a negative id when it did not create the request (spec §5). */
export function isRequestSuccess(requestId: number | null | undefined): boolean {
  return typeof requestId === 'number' && requestId > 0;
}
