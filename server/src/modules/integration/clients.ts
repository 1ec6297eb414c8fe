// Machine clients (ADR 036): created with their scopes and brands and a secret shown once, rotated with
// an overlap (the old secret still opens until a date), and exchanged for a short-lived token
// (OAuth 2.0 client credentials). Secrets are argon2id-hashed as passwords are.
import { randomBytes } from 'node:crypto';
import { INTEGRATION_SCOPES, type IntegrationScope } from '@sportello/contract';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/password.js';
import type { TokenKeys } from '../../platform/machine/tokens.js';
import type { IntegrationRepository } from './repository.js';

/** How long a token lives: short, so a leaked one is soon worthless and a changed client soon felt. */
export const TOKEN_LIFETIME_SECONDS = 10 * 60;
/** How long a rotated-out secret still opens, unless the rotation says otherwise. */
export const DEFAULT_OVERLAP_DAYS = 7;

const CLIENT_ID = /^cli_[A-Za-z0-9_-]{20}$/;

export interface NewClient {
  name: string;
  scopes: readonly string[];
  brands: readonly string[];
}

export class ClientInputError extends Error {}

const newSecret = () => `sec_${randomBytes(32).toString('base64url')}`;

export function createClients(deps: {
  repository: IntegrationRepository;
  keys: TokenKeys;
  brandExists: (code: string) => Promise<boolean>;
}) {
  const { repository, keys } = deps;

  async function checked(input: NewClient): Promise<{ scopes: IntegrationScope[]; brands: string[] }> {
    const name = input.name.trim();
    if (!name || name.length > 80) throw new ClientInputError('the name is 1 to 80 characters');
    const unknown = input.scopes.filter((s) => !(INTEGRATION_SCOPES as readonly string[]).includes(s));
    if (unknown.length > 0 || input.scopes.length === 0)
      throw new ClientInputError(
        `scopes are some of ${INTEGRATION_SCOPES.join(', ')}; not ${unknown.join(', ')}`,
      );
    if (input.brands.length === 0) throw new ClientInputError('name at least one brand');
    for (const brand of input.brands)
      if (!(await deps.brandExists(brand))) throw new ClientInputError(`no brand "${brand}"`);
    return { scopes: [...new Set(input.scopes)] as IntegrationScope[], brands: [...new Set(input.brands)] };
  }

  return {
    /** A new client; its secret is answered here once and kept only hashed. */
    async create(input: NewClient) {
      const { scopes, brands } = await checked(input);
      const id = `cli_${randomBytes(15).toString('base64url')}`;
      const secret = newSecret();
      await repository.insertClient(
        { id, name: input.name.trim(), scopes, brands },
        await hashPassword(secret),
      );
      return { id, secret, name: input.name.trim(), scopes, brands };
    },

    /** A new secret; the old ones open until `overlapDays` from now (0: at once). */
    async rotate(id: string, now: Date, overlapDays = DEFAULT_OVERLAP_DAYS) {
      const client = await repository.client(id);
      if (!client) throw new ClientInputError(`no client "${id}"`);
      if (!(overlapDays >= 0 && overlapDays <= 90)) throw new ClientInputError('the overlap is 0 to 90 days');
      const secret = newSecret();
      const oldUntil = new Date(now.getTime() + overlapDays * 86_400_000);
      await repository.rotate(id, await hashPassword(secret), oldUntil, now);
      return { id, secret, oldSecretsValidUntil: oldUntil };
    },

    list: () => repository.clients(),

    /** No new token from now on; tokens already issued live out their lifetime (10 minutes at most). */
    async disable(id: string, now: Date) {
      if (!(await repository.disable(id, now))) throw new ClientInputError(`no client "${id}"`);
    },

    /**
     * The token for a client id and secret, or null. Every secret still open is tried; an unknown or
     * disabled client costs one verification all the same, so the answer's time tells nothing.
     */
    async issueToken(clientId: string, secret: string, now: Date) {
      const client = CLIENT_ID.test(clientId) ? await repository.client(clientId) : undefined;
      const secrets = client && !client.disabledAt ? await repository.validSecrets(clientId, now) : [];
      let opened = false;
      for (const row of secrets) if (!opened && (await verifyPassword(row.secretHash, secret))) opened = true;
      if (secrets.length === 0) await verifyPassword(await dummyPasswordHash(), secret);
      if (!client || !opened) return null;
      const scopes = client.scopes.filter((s): s is IntegrationScope =>
        (INTEGRATION_SCOPES as readonly string[]).includes(s),
      );
      const token = await keys.sign({ clientId, scopes, brands: client.brands }, TOKEN_LIFETIME_SECONDS, now);
      return { token, scopes, expiresIn: TOKEN_LIFETIME_SECONDS };
    },
  };
}

export type Clients = ReturnType<typeof createClients>;
