// Return to foreground (SPEC §4): a logged-in user's session is checked again; if the server no
// longer knows it, a partial logout — the brand is kept when biometrics are active, so app login
// can follow at once — and the caller shows 'La tua sessione è scaduta'.
import { core } from '@sportello/contract';
import { hasDeviceSecret } from '../../native/biometric';
import { ApiFailure, callApi } from '../../shared/api/api-client';
import { endSessionLocally } from '../../shared/api/session-end';
import { appState, forgetCompany } from '../../shared/state/app-store';

/** False when the session ended and the partial logout was made. */
export async function sessionStillValid(): Promise<boolean> {
  const { sessionId, user, company } = appState();
  if (!sessionId || !user || !company) return true;
  try {
    await callApi(core.getSession, { params: { id: sessionId } }, { quiet: true, ownsSessionExpiry: true });
    return true;
  } catch (error) {
    if (!(error instanceof ApiFailure) || ![401, 403, 404].includes(error.status)) return true;
  }
  const biometricsActive = await hasDeviceSecret(company);
  endSessionLocally();
  if (!biometricsActive) forgetCompany();
  return false;
}
