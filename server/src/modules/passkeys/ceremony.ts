// The WebAuthn ceremonies (ADR 038) over @simplewebauthn/server: options with a fresh challenge kept
// server-side (5 minutes, tied to the asking session and to its purpose), then the authenticator's
// answer checked against the challenge it carries, which is spent first, whatever the outcome: a
// replayed answer, one from an origin not configured, another session's or a late one is refused.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { CeremonyPurpose, PasskeyRow, PasskeysRepository } from './repository.js';

/** Long enough to find the phone and touch the sensor. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export interface RelyingParty {
  /** The domain passkeys belong to (WEBAUTHN_RP_ID). */
  id: string;
  /** Shown by the authenticator beside the account's name. */
  name: string;
  /** Where a ceremony may come from: the site and the app's WebView (WEBAUTHN_ORIGINS). */
  origins: string[];
}

/** The reason of an answer naming no passkey of ours: the login says so in its own words. */
export const UNKNOWN_PASSKEY = 'passkey sconosciuta';

/** Why a ceremony was refused: what the security event says (never the answer itself). */
export class CeremonyRefused extends Error {
  constructor(
    readonly reason: string,
    /** The passkey the answer named, when it is one of ours: whose audit trail hears of it. */
    readonly passkey?: PasskeyRow,
  ) {
    super(reason);
  }
}

/** The challenge a browser's answer signs, read from its client data (the signature is checked later). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown }).challenge;
    if (typeof challenge === 'string') return challenge;
  } catch {
    // Refused below.
  }
  throw new CeremonyRefused('risposta illeggibile');
}

/** Options as the contract's answer (a JSON object the web hands to the browser unchanged). */
const asJson = <T extends object>(options: T) => Object.assign({} as Record<string, unknown>, options);

const transportsOf = (row: PasskeyRow) => row.transports as AuthenticatorTransportFuture[];

export function createCeremonies(repository: PasskeysRepository, rp: RelyingParty) {
  async function keep(
    challenge: string,
    purpose: CeremonyPurpose,
    sessionIdHash: string,
    userId: number | null,
    now: Date,
  ) {
    await repository.saveChallenge(
      {
        challenge,
        purpose,
        sessionIdHash,
        userId,
        expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
      },
      now,
    );
  }

  /** Spends the challenge the answer carries; refused when it is not this session's live one. */
  async function spend(clientDataJSON: string, purpose: CeremonyPurpose, sessionIdHash: string, now: Date) {
    const challenge = challengeOf(clientDataJSON);
    const taken = await repository.takeChallenge(challenge, purpose, sessionIdHash, now);
    if (!taken) throw new CeremonyRefused('richiesta scaduta, già usata o di un’altra sessione');
    return taken;
  }

  return {
    async registrationOptions(
      user: { id: number; key: string; username: string; displayName: string },
      existing: PasskeyRow[],
      sessionIdHash: string,
      now: Date,
    ) {
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.username,
        userDisplayName: user.displayName,
        // The user handle is the user's random key, never a name or an e-mail.
        userID: new TextEncoder().encode(user.key),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
        // A passkey: kept on the authenticator (a login names no user) and unlocked by the person.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await keep(options.challenge, 'register', sessionIdHash, user.id, now);
      return asJson(options);
    },

    /** The new credential, once its answer is proved to be this session's and this site's. */
    async verifyRegistration(
      response: RegistrationResponseJSON,
      userId: number,
      sessionIdHash: string,
      now: Date,
    ) {
      const taken = await spend(response.response.clientDataJSON, 'register', sessionIdHash, now);
      if (taken.userId !== userId) throw new CeremonyRefused('richiesta di un altro utente');
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: taken.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch((err: unknown) => {
        throw new CeremonyRefused(reasonOf(err));
      });
      if (!result.verified) throw new CeremonyRefused('attestazione non valida');
      return result.registrationInfo.credential;
    },

    /** Options for a login (any passkey of the site) or a step-up (the user's own passkeys). */
    async authenticationOptions(
      purpose: 'login' | 'step-up',
      allowed: PasskeyRow[] | null,
      sessionIdHash: string,
      userId: number | null,
      now: Date,
    ) {
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        ...(allowed
          ? {
              allowCredentials: allowed.map((row) => ({
                id: row.credentialId,
                transports: transportsOf(row),
              })),
            }
          : {}),
      });
      await keep(options.challenge, purpose, sessionIdHash, userId, now);
      return asJson(options);
    },

    /**
     * The passkey that signed this session's challenge. `find` names the passkey by the answer's
     * credential id (a step-up looks only among the user's own).
     */
    async verifyAuthentication(
      response: AuthenticationResponseJSON,
      purpose: 'login' | 'step-up',
      sessionIdHash: string,
      find: (credentialId: string) => Promise<PasskeyRow | undefined>,
      now: Date,
    ): Promise<PasskeyRow> {
      const passkey = await find(response.id);
      const taken = await spend(response.response.clientDataJSON, purpose, sessionIdHash, now).catch(
        (err: unknown) => {
          throw err instanceof CeremonyRefused ? new CeremonyRefused(err.reason, passkey) : err;
        },
      );
      if (!passkey) throw new CeremonyRefused(UNKNOWN_PASSKEY);
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: taken.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: transportsOf(passkey),
        },
        requireUserVerification: true,
      }).catch((err: unknown) => {
        throw new CeremonyRefused(reasonOf(err), passkey);
      });
      if (!result.verified) throw new CeremonyRefused('firma non valida', passkey);
      await repository.markUsed(passkey.id, result.authenticationInfo.newCounter, now);
      return passkey;
    },
  };
}

export type Ceremonies = ReturnType<typeof createCeremonies>;

/** The library's reason, in a few words for the audit trail (its messages are English and technical). */
function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  if (/origin/i.test(message)) return 'origine non ammessa';
  if (/RP ID/i.test(message)) return 'sito non corrispondente';
  if (/counter/i.test(message)) return 'contatore non valido (possibile copia della passkey)';
  if (/verif/i.test(message)) return 'verifica dell’utente mancante';
  return 'risposta non valida';
}
