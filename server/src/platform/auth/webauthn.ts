// The WebAuthn ceremonies (ADR 038, ADR 044) over @simplewebauthn/server: options with a fresh
// challenge kept server-side (5 minutes, tied to the asking session and to its purpose), then the
// authenticator's answer checked against the challenge it carries, which is spent first, whatever the
// outcome: a replayed answer, one from an origin not configured, another session's or a late one is
// refused. One implementation for the customers' passkeys (modules/passkeys) and the staff's
// (modules/staff-passkeys): each keeps its passkeys in its own table and names its ceremonies apart.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { webauthnChallenges } from '@sportello/db/schema';

/** What a ceremony is for: a customer's (register, login, step-up) or a staff account's. */
export type CeremonyPurpose = 'register' | 'login' | 'step-up' | 'staff-register' | 'staff-login';

/** What a ceremony reads of a stored passkey, whichever table keeps it. */
export interface StoredPasskey {
  id: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** A passkey as its owner sees it listed: a name and times, never the credential. */
export const listedPasskey = (row: {
  key: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}) => ({
  key: row.key,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

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
export class CeremonyRefused<Row extends StoredPasskey = StoredPasskey> extends Error {
  constructor(
    readonly reason: string,
    /** The passkey the answer named, when it is one of ours: whose audit trail hears of it. */
    readonly passkey?: Row,
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

const transportsOf = (row: StoredPasskey) => row.transports as AuthenticatorTransportFuture[];

/** The challenges of live ceremonies (webauthn_challenges), each spent once. */
function createChallenges(db: Db) {
  return {
    async save(row: typeof webauthnChallenges.$inferInsert, now: Date) {
      // Each new challenge sweeps the expired ones: the table holds only live ceremonies.
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
      await db.insert(webauthnChallenges).values(row);
    },

    /**
     * Spends a challenge: deleted by the statement that reads it, so an answer replayed (or two sent
     * at once) finds it only once. Only the session's own, of the purpose asked, still live.
     */
    async take(challenge: string, purpose: CeremonyPurpose, sessionIdHash: string, now: Date) {
      const [taken] = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.purpose, purpose),
            eq(webauthnChallenges.sessionIdHash, sessionIdHash),
          ),
        )
        .returning();
      return taken && taken.expiresAt > now ? taken : undefined;
    },
  };
}

/**
 * The ceremonies over one table of passkeys: `markUsed` keeps its counter and last use. `staff`
 * names the ceremonies apart (`staff-login`…), so a customer's challenge never answers a staff one.
 */
export function createCeremonies<Row extends StoredPasskey>(
  db: Db,
  rp: RelyingParty,
  options: { markUsed: (id: number, counter: number, now: Date) => Promise<void>; staff?: boolean },
) {
  const challenges = createChallenges(db);
  const named = (purpose: 'register' | 'login' | 'step-up'): CeremonyPurpose =>
    options.staff && purpose !== 'step-up' ? `staff-${purpose}` : purpose;

  async function keep(
    challenge: string,
    purpose: CeremonyPurpose,
    sessionIdHash: string,
    userId: number | null,
    now: Date,
  ) {
    await challenges.save(
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
    const taken = await challenges.take(challenge, purpose, sessionIdHash, now);
    if (!taken) throw new CeremonyRefused<Row>('richiesta scaduta, già usata o di un’altra sessione');
    return taken;
  }

  return {
    /** `user.id` is the customer user a challenge is kept for (null for staff: the session names them). */
    async registrationOptions(
      user: { id: number | null; key: string; username: string; displayName: string },
      existing: StoredPasskey[],
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
      await keep(options.challenge, named('register'), sessionIdHash, user.id, now);
      return asJson(options);
    },

    /** The new credential, once its answer is proved to be this session's and this site's. */
    async verifyRegistration(
      response: RegistrationResponseJSON,
      userId: number | null,
      sessionIdHash: string,
      now: Date,
    ) {
      const taken = await spend(response.response.clientDataJSON, named('register'), sessionIdHash, now);
      if (taken.userId !== userId) throw new CeremonyRefused<Row>('richiesta di un altro utente');
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: taken.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch((err: unknown) => {
        throw new CeremonyRefused<Row>(reasonOf(err));
      });
      if (!result.verified) throw new CeremonyRefused<Row>('attestazione non valida');
      return result.registrationInfo.credential;
    },

    /** Options for a login (any passkey of the site) or a step-up (the user's own passkeys). */
    async authenticationOptions(
      purpose: 'login' | 'step-up',
      allowed: StoredPasskey[] | null,
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
      await keep(options.challenge, named(purpose), sessionIdHash, userId, now);
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
      find: (credentialId: string) => Promise<Row | undefined>,
      now: Date,
    ): Promise<Row> {
      const passkey = await find(response.id);
      const taken = await spend(response.response.clientDataJSON, named(purpose), sessionIdHash, now).catch(
        (err: unknown) => {
          throw err instanceof CeremonyRefused ? new CeremonyRefused(err.reason, passkey) : err;
        },
      );
      if (!passkey) throw new CeremonyRefused<Row>(UNKNOWN_PASSKEY);
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
      await options.markUsed(passkey.id, result.authenticationInfo.newCounter, now);
      return passkey;
    },
  };
}

export type Ceremonies<Row extends StoredPasskey> = ReturnType<typeof createCeremonies<Row>>;

/** The library's reason, in a few words for the audit trail (its messages are English and technical). */
function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  if (/origin/i.test(message)) return 'origine non ammessa';
  if (/RP ID/i.test(message)) return 'sito non corrispondente';
  if (/counter/i.test(message)) return 'contatore non valido (possibile copia della passkey)';
  if (/verif/i.test(message)) return 'verifica dell’utente mancante';
  return 'risposta non valida';
}
