// Machine clients' access tokens (ADR 036): JWTs signed HS256 with `jose` (no home-made crypto), with a
// key made once and kept in the database (integration_signing_keys), so every process on it — the
// cluster's workers — verifies what another signed. Issued by the integration module, verified here for
// every integration call (plugins/machine.ts).
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { INTEGRATION_SCOPES, type IntegrationScope } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { integrationSigningKeys } from '@sportello/db/schema';

const ISSUER = 'sportello';
const AUDIENCE = 'sportello-integration';
const KID = 'k1';
const ALGORITHM = 'HS256';

/** A verified token's caller: the client, what it may do, and the brands it may touch. */
export interface MachineCaller {
  clientId: string;
  scopes: readonly IntegrationScope[];
  brands: readonly string[];
}

export type TokenRefusal = 'token_invalid' | 'token_expired';

export function createTokenKeys(db: Db) {
  let key: Promise<Uint8Array> | undefined;

  /** The signing key: made by the first process that needs it, read by every other (the insert races safely). */
  async function load(): Promise<Uint8Array> {
    await db
      .insert(integrationSigningKeys)
      .values({ kid: KID, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(integrationSigningKeys).limit(1);
    if (!row) throw new Error('integration signing key missing');
    return Buffer.from(row.secret, 'base64url');
  }
  const secret = () => {
    key ??= load().catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };

  return {
    async sign(caller: MachineCaller, lifetimeSeconds: number, now: Date): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ scope: caller.scopes.join(' '), brands: [...caller.brands] })
        .setProtectedHeader({ alg: ALGORITHM, kid: KID, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(caller.clientId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .setJti(randomBytes(12).toString('base64url'))
        .sign(await secret());
    },

    /** The caller a token names, or why it is refused. */
    async verify(token: string, now: Date): Promise<MachineCaller | TokenRefusal> {
      try {
        const { payload } = await jwtVerify(token, await secret(), {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
        const brands = Array.isArray(payload.brands) ? payload.brands : [];
        return {
          clientId: payload.sub!,
          scopes: scopes.filter((s): s is IntegrationScope =>
            (INTEGRATION_SCOPES as readonly string[]).includes(s),
          ),
          brands: brands.filter((b): b is string => typeof b === 'string'),
        };
      } catch (err) {
        if (err instanceof errors.JWTExpired) return 'token_expired';
        if (err instanceof errors.JOSEError) return 'token_invalid';
        throw err;
      }
    },
  };
}

export type TokenKeys = ReturnType<typeof createTokenKeys>;
