// Personal read-only tokens (ADR 037). A token is `spt_` and 256 random bits in
// base64url: the prefix lets a secret scanner (and a person) tell what it is. Only its SHA-256 is
// kept. It authenticates a request as its user on the `token` calls of the contract only, reaching the
// user's own customer (never a delegation): the session plugin turns it into the principal the one
// access and reach check decides on (http/route.ts, platform/reach, ADR 027).
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { personalTokens, users } from '@sportello/db/schema';
import type { SessionUser } from '../sessions/session-store.js';

export const PERSONAL_TOKEN_PREFIX = 'spt_';
/** `spt_` and 43 base64url characters (32 bytes). */
export const PERSONAL_TOKEN_PATTERN = /^spt_[A-Za-z0-9_-]{43}$/;
/** A token lives at most this long (the form offers up to a year). */
export const PERSONAL_TOKEN_MAX_DAYS = 366;
/** Live tokens a user may hold at once. */
export const PERSONAL_TOKENS_PER_USER = 10;
/** Last use is written at most this often, so a polling tool does not write on every read. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashPersonalToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type PersonalTokenRow = typeof personalTokens.$inferSelect;

/** A token that may be used now, with its user. */
export interface LoadedToken {
  id: number;
  key: string;
  name: string;
  expiresAt: Date;
  user: SessionUser;
}

/** Why a token its user holds was refused: the customer's audit trail says it (ADR 037, 038). */
export type TokenRefusalReason = 'revoked' | 'expired' | 'inactive' | 'rate' | 'scope';
export interface TokenRefusal {
  userId: number;
  tokenKey: string;
  tokenName: string;
  reason: TokenRefusalReason;
}

export function createPersonalTokenStore(db: Db) {
  return {
    /**
     * Why a well-formed token that `load` refused is refused, when it is a token of ours (revoked,
     * expired, its user no longer active); null for a token nobody holds. Asked on refusals only.
     */
    async refusal(token: string, now: Date): Promise<TokenRefusal | null> {
      if (!PERSONAL_TOKEN_PATTERN.test(token)) return null;
      const [row] = await db
        .select({ token: personalTokens, status: users.status })
        .from(personalTokens)
        .innerJoin(users, eq(users.id, personalTokens.userId))
        .where(eq(personalTokens.tokenHash, hashPersonalToken(token)))
        .limit(1);
      if (!row) return null;
      const reason = row.token.revokedAt
        ? 'revoked'
        : row.token.expiresAt <= now
          ? 'expired'
          : row.status !== 'Active'
            ? 'inactive'
            : null;
      return reason
        ? { userId: row.token.userId, tokenKey: row.token.key, tokenName: row.token.name, reason }
        : null;
    },

    /** The live (not revoked, not expired) token a header names, with its user; else null. */
    async load(token: string, now: Date): Promise<LoadedToken | null> {
      if (!PERSONAL_TOKEN_PATTERN.test(token)) return null;
      const [row] = await db
        .select({ token: personalTokens, user: users })
        .from(personalTokens)
        .innerJoin(users, eq(users.id, personalTokens.userId))
        .where(eq(personalTokens.tokenHash, hashPersonalToken(token)))
        .limit(1);
      if (!row || row.token.revokedAt || row.token.expiresAt <= now || row.user.status !== 'Active')
        return null;
      const last = row.token.lastUsedAt?.getTime() ?? 0;
      if (now.getTime() - last >= TOUCH_INTERVAL_MS)
        await db.update(personalTokens).set({ lastUsedAt: now }).where(eq(personalTokens.id, row.token.id));
      return {
        id: row.token.id,
        key: row.token.key,
        name: row.token.name,
        expiresAt: row.token.expiresAt,
        user: row.user,
      };
    },

    /** A new token: the only time it is seen in clear. */
    async create(input: { userId: number; name: string; expiresAt: Date; now: Date }) {
      const token = PERSONAL_TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const key = `TOK-${randomBytes(8).toString('hex')}`;
      const [row] = await db
        .insert(personalTokens)
        .values({
          key,
          userId: input.userId,
          name: input.name,
          tokenHash: hashPersonalToken(token),
          createdAt: input.now,
          expiresAt: input.expiresAt,
        })
        .returning();
      return { token, row: row! };
    },

    /** The user's tokens not revoked, newest first (expired ones too, said so, until revoked). */
    list: (userId: number): Promise<PersonalTokenRow[]> =>
      db
        .select()
        .from(personalTokens)
        .where(and(eq(personalTokens.userId, userId), isNull(personalTokens.revokedAt)))
        .orderBy(desc(personalTokens.createdAt), desc(personalTokens.id)),

    /** How many live tokens the user holds. */
    async countLive(userId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(personalTokens)
        .where(
          and(
            eq(personalTokens.userId, userId),
            isNull(personalTokens.revokedAt),
            sql`${personalTokens.expiresAt} > ${now}`,
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Revokes the user's token named by its key; false when the user has no such live token. */
    async revoke(userId: number, key: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(personalTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(personalTokens.userId, userId),
            eq(personalTokens.key, key),
            isNull(personalTokens.revokedAt),
          ),
        )
        .returning({ id: personalTokens.id });
      return rows.length > 0;
    },
  };
}

export type PersonalTokenStore = ReturnType<typeof createPersonalTokenStore>;
