// The staff's second factor today (ADR 041): TOTP (RFC 6238, 30 s, 6 digits, SHA-1, as every
// authenticator app reads it) with `otpauth`. A code is accepted one step either side of now, and a
// step once (the repository's takeStep). Passkeys (@simplewebauthn) will be another factor kind.
import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;
const ISSUER = 'Sportello operatori';

const totpOf = (secret: string, label = 'operatore') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A new secret (160 random bits, base32) and the otpauth:// URI an authenticator app scans. */
export function newTotpSecret(username: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, username).toString() };
}

/** The time step a right code belongs to (now's, or one either side), or null. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/** The code of a moment: for tests and the demo's documented operator. */
export const totpCode = (secret: string, at: Date): string =>
  totpOf(secret).generate({ timestamp: at.getTime() });
