// Session persistence. The id handed to the client is 128 random bits; only its SHA-256 is stored.
// A session expires after SESSION_IDLE_MINUTES without use or SESSION_ABSOLUTE_HOURS after creation.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { CompanyCode } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { sessionHandovers, sessions, users } from '@sportello/db/schema';

export type SessionUser = typeof users.$inferSelect;

export interface LoadedSession {
  idHash: string;
  company: CompanyCode;
  createdAt: Date;
  expiresAt: Date;
  user: SessionUser | null;
  /** For a guest session opened from an entry link: that link (SPEC §6). */
  linkId: number | null;
}

/** What deciding on a session needs of its row, and its user's row (null for a guest). */
export interface SessionWithUserRow {
  session: Pick<
    typeof sessions.$inferSelect,
    'idHash' | 'companyCode' | 'createdAt' | 'expiresAt' | 'lastSeenAt' | 'linkId'
  >;
  user: SessionUser | null;
}

export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

/**
 * last_seen_at is written at most this often, so reads do not turn into writes on every call; never
 * more than a tenth of the idle timeout, or a session used steadily could still die idle.
 */
const MAX_TOUCH_INTERVAL_MS = 60_000;

/** A handover code lives this long (ADR 023): enough to open a link, too short to be worth stealing. */
export const HANDOVER_LIFETIME_MS = 2 * 60_000;

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url');

export function createSessionStore(db: Db, lifetimes: SessionLifetimes) {
  const touchIntervalMs = Math.min(MAX_TOUCH_INTERVAL_MS, lifetimes.idleMs / 10);
  // Every call with a session id reads it: built once and prepared, it skips query building and planning.
  const sessionWithUser = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('session_with_user');

  async function loadByHash(idHash: string, now: Date): Promise<LoadedSession | null> {
    const [row] = await sessionWithUser.execute({ idHash });
    return row ? accept(row, now) : null;
  }

  /**
   * A session row as read (alone, or as a column of a GET's own statement: asking-session.ts) turned into
   * the live session, or null when idle too long or past its lifetime (then it is deleted).
   */
  async function accept(row: SessionWithUserRow, now: Date): Promise<LoadedSession | null> {
    const { session, user } = row;
    const idleDeadline = session.lastSeenAt.getTime() + lifetimes.idleMs;
    if (session.expiresAt <= now || idleDeadline <= now.getTime()) {
      await db.delete(sessions).where(eq(sessions.idHash, session.idHash));
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= touchIntervalMs) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, session.idHash));
    }
    return {
      idHash: session.idHash,
      company: session.companyCode as CompanyCode,
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      user,
      linkId: session.linkId,
    };
  }

  return {
    async create(input: { company: CompanyCode; clientSpec: unknown; userId: number | null; now: Date }) {
      const id = randomBytes(16).toString('base64url');
      const expiresAt = new Date(input.now.getTime() + lifetimes.absoluteMs);
      await db.insert(sessions).values({
        idHash: hashSessionId(id),
        companyCode: input.company,
        clientSpec: input.clientSpec ?? null,
        userId: input.userId,
        createdAt: input.now,
        lastSeenAt: input.now,
        expiresAt,
      });
      return { id, expiresAt };
    },

    /** The live session for an id, or null when unknown, idle too long or past its lifetime. */
    load: (id: string, now: Date) => loadByHash(hashSessionId(id), now),

    loadByHash,

    accept,

    /** Ties a guest session to the link it was opened from: from now on it reaches that target only. */
    async bindLink(idHash: string, linkId: number) {
      await db.update(sessions).set({ linkId }).where(eq(sessions.idHash, idHash));
    },

    /** A new handover code for a session; only its hash is kept. */
    async createHandover(sessionIdHash: string, now: Date) {
      const code = randomBytes(16).toString('base64url');
      const expiresAt = new Date(now.getTime() + HANDOVER_LIFETIME_MS);
      await db.insert(sessionHandovers).values({ codeHash: hashSessionId(code), sessionIdHash, expiresAt });
      return { code, expiresAt };
    },

    /**
     * Spends a handover code: deleted in the same statement that reads it, so two exchanges of one code
     * cannot both succeed. Answers the live session that asked for it, or null.
     */
    async takeHandover(code: string, now: Date): Promise<LoadedSession | null> {
      const [taken] = await db
        .delete(sessionHandovers)
        .where(eq(sessionHandovers.codeHash, hashSessionId(code)))
        .returning();
      if (!taken || taken.expiresAt <= now) return null;
      return loadByHash(taken.sessionIdHash, now);
    },

    async delete(idHash: string) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },

    /** Every session of the user but the one kept (a password change ends the others). */
    async deleteOthers(userId: number, keepIdHash: string) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)));
    },

    /** Past their lifetime or idle too long: guest sessions nobody uses go within SESSION_IDLE_MINUTES. */
    async deleteExpired(now: Date) {
      const idleSince = new Date(now.getTime() - lifetimes.idleMs);
      await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)));
      await db.delete(sessionHandovers).where(lt(sessionHandovers.expiresAt, now));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
