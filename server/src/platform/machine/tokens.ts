// Machine clients' access tokens (ADR 036): JWTs signed HS256 with `jose` (no home-made crypto), with a
// key made once and kept in the database (integration_signing_keys), so every process on it — the
// cluster's workers — verifies what another signed. Issued by the integration module, verified here for
// every integration call (plugins/machine.ts).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import { INTEGRATION_SCOPES, type IntegrationScope } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { integrationSigningKeys } from '@sportello/db/schema';
import { createSecretBox, DEVELOPMENT_SECRETS_KEY, type SecretsKey } from '../secrets/secret-box.js';

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

/** `secretsKeys` (config's SECRETS_KEYS) seal the signing key where it rests (ADR 049). */
export function createTokenKeys(db: Db, secretsKeys: readonly SecretsKey[] = [DEVELOPMENT_SECRETS_KEY]) {
  let key: Promise<Uint8Array> | undefined;
  const box = createSecretBox(secretsKeys, 'integration_signing_keys.secret');

  /** The signing key: made by the first process that needs it, read by every other (the insert races safely). */
  async function load(): Promise<Uint8Array> {
    await db
      .insert(integrationSigningKeys)
      .values({ kid: KID, secret: box.seal(randomBytes(32).toString('base64url')) })
      .onConflictDoNothing();
    const [row] = await db.select().from(integrationSigningKeys).limit(1);
    if (!row) throw new Error('integration signing key missing');
    const clear = box.open(row.secret);
    // Kept in clear before SECRETS_KEY, or sealed with an older key: sealed with the current one.
    if (box.needsSealing(row.secret))
      await db
        .update(integrationSigningKeys)
        .set({ secret: box.seal(clear) })
        .where(and(eq(integrationSigningKeys.kid, row.kid), eq(integrationSigningKeys.secret, row.secret)));
    return Buffer.from(clear, 'base64url');
  }
  const secret = () => {
    key ??= load().catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };

  return {
    /** Makes or reads the key now, sealing it where it rests (the start of a process, ADR 049). */
    ready: async () => void (await secret()),

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
