// A login with a passkey (ADR 038): loaded when the person presses "Accedi con una passkey", with
// the WebAuthn code, so the login page carries only its button.
import { passkeys, type Session } from '@sportello/contract';
import { callApi } from '../../shared/api/api-client';
import { signWithPasskey } from '../../shared/passkeys/webauthn';
import { ensureSession } from '../../shared/session/session-lifecycle';

/** The rotated session of the user whose passkey signed this session's challenge. */
export async function logInWithPasskey(): Promise<Session> {
  await ensureSession();
  const options = await callApi(passkeys.passkeyLoginOptions, {}, { quiet: true });
  const credential = await signWithPasskey(options);
  return callApi(passkeys.loginWithPasskey, { body: { credential } }, { quiet: true });
}
