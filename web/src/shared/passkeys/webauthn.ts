// The browser half of WebAuthn (@simplewebauthn/browser, ADR 038), loaded only when a ceremony
// starts: the login page and the profile carry a button, not the library.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/** The browser can make and use passkeys at all (old WebViews cannot). */
export const passkeysSupported = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** Creation options as the server made them: handed to the browser unchanged. */
export async function createPasskey(options: object) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
}

export async function signWithPasskey(options: object) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
}

/** The person closed the browser's prompt, or it timed out: nothing to report. */
export const ceremonyCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
