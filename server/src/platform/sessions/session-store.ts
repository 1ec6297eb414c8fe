// Session persistence. The id handed to the client is 128 random bits; only its SHA-256 is stored.
// A session expires after SESSION_IDLE_MINUTES without use or SESSION_ABSOLUTE_HOURS after creation.
// A read is kept a few seconds in memory (platform/session-cache.ts); every change below forgets it
// here and, through SessionChanges, in the other processes (ADR 027).
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { CompanyCode } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import {
  personalTokens,
  sessionEndLinks,
  sessionHandovers,
  sessions,
  staffConsultations,
  staffSessions,
  staffUsers,
  users,
} from '@sportello/db/schema';
import {
  NO_CUSTOMERS,
  decodeReachedCustomers,
  reachedCustomersColumn,
  type ReachedCustomers,
} from '../../platform/reach/reached-customers.js';
import { createSessionCache, type SessionCacheOptions } from '../../platform/session-cache.js';
import type { SessionChange, SessionChanges } from '@sportello/db/session-changes';

export type SessionUser = typeof users.$inferSelect;

export interface LoadedSession {
  idHash: string;
  company: CompanyCode;
  createdAt: Date;
  expiresAt: Date;
  user: SessionUser | null;
  /** For a guest session opened from an entry link: that link (SPEC §6). */
  linkId: number | null;
  /** The customers the user reaches (none for a guest): what the reach check decides against. */
  reached: ReachedCustomers;
  /** When the session last proved its user again (ADR 038), or null. */
  steppedUpAt: Date | null;
  /** A staff's read-only view of the portal (ADR 043), or null for the user's own session. */
  view: SessionView | null;
}

/** What a view session shows in its banner; route() refuses its writes. */
export interface SessionView {
  consultationId: number;
  staffName: string;
  reason: string;
  endsAt: Date;
}

/** A view lives as long as its staff session: idle this long, it is over (ADR 041's 15 minutes). */
export const VIEW_STAFF_IDLE_MS = 15 * 60_000;

/** What deciding on a session needs: its row, its user's row (null for a guest) and that user's reach. */
interface SessionRead {
  session: typeof sessions.$inferSelect;
  user: SessionUser | null;
  reached: ReachedCustomers;
}

export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

/**
 * last_seen_at is written at most this often, so reads do not turn into writes on every call; never
 * more than a tenth of the idle timeout, or a session used steadily could still die idle. Safe for the
 * timeout: a session is refused only when last_seen_at is a whole idle timeout old, and a used session's
 * last_seen_at is never more than this interval behind its last use, so it dies at most this much
 * earlier than its exact idle deadline (never later), a tenth of it at most.
 */
const MAX_TOUCH_INTERVAL_MS = 60_000;

/** A handover code lives this long (ADR 023): enough to open a link, too short to be worth stealing. */
export const HANDOVER_LIFETIME_MS = 2 * 60_000;

/** A User-Agent is kept to this length: enough for every real one, not a place to store a file. */
export const USER_AGENT_MAX = 512;

/** The User-Agent header of a request, kept short (a session row is no place for a file). */
export function userAgentOf(request: { headers: { 'user-agent'?: string } }): string | null {
  const header = request.headers['user-agent'];
  return header ? header.slice(0, USER_AGENT_MAX) : null;
}

/** One of a user's live sessions, as "Dispositivi e accessi" lists it (ADR 037). */
export interface UserSessionRow {
  idHash: string;
  key: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url');
/** Guest sessions are grouped by address without keeping the address itself. */
const hashAddress = (address: string) => createHash('sha256').update(`guest:${address}`).digest('base64url');

export function createSessionStore(
  db: Db,
  lifetimes: SessionLifetimes,
  options: { cache: SessionCacheOptions; changes: SessionChanges },
) {
  const touchIntervalMs = Math.min(MAX_TOUCH_INTERVAL_MS, lifetimes.idleMs / 10);
  const cache = createSessionCache<SessionRead>(options.cache);
  options.changes.subscribe((change) =>
    'idHash' in change ? cache.forgetSession(change.idHash) : cache.forgetUser(change.userId),
  );
  const changed = (change: SessionChange) => options.changes.publish(change);

  // Every call with a session id reads it (on a cache miss): the session, its user and the customers
  // that user reaches, in one prepared statement.
  const sessionWithUser = db
    .select({ session: sessions, user: users, reached: reachedCustomersColumn(db, sessions.userId) })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('session_with_user');

  async function read(idHash: string, now: Date): Promise<SessionRead | undefined> {
    const [row] = await sessionWithUser.execute({ idHash });
    if (!row) return undefined;
    const fresh = { ...row, reached: reachOf(row) };
    cache.set(idHash, fresh, row.session.userId, now.getTime());
    return fresh;
  }

  /** A view reaches the viewed customer only: a delegation may lead to a brand the operator may not see. */
  function reachOf(row: Omit<SessionRead, 'reached'> & { reached: string }): ReachedCustomers {
    if (!row.user) return NO_CUSTOMERS;
    if (row.session.consultationId === null) return decodeReachedCustomers(row.reached);
    const own = row.user.customerId;
    return own === null ? NO_CUSTOMERS : { own, delegated: [] };
  }

  /** The live session, or null when unknown, idle too long or past its lifetime (then it is deleted). */
  async function loadByHash(idHash: string, now: Date): Promise<LoadedSession | null> {
    let found = cache.get(idHash, now.getTime());
    // Another process may have used the session since this copy was read: ask the database before
    // ending it for idleness.
    if (found && isIdle(found, now)) found = await read(idHash, now);
    found ??= await read(idHash, now);
    if (!found) return null;
    const { session, user, reached } = found;
    // A view is read afresh on every call (no cache): the staff's logout ends it at once.
    const view = session.consultationId === null ? null : await liveView(session.consultationId, now);
    if (session.expiresAt <= now || isIdle(found, now) || view === undefined) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
      await changed({ idHash });
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= touchIntervalMs) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
      // The operator looking at the portal is at work: the staff session stays as alive as the view.
      if (view)
        await db
          .update(staffSessions)
          .set({ lastSeenAt: now })
          .where(and(eq(staffSessions.idHash, view.staffSessionHash), lt(staffSessions.lastSeenAt, now)));
      // The cached copy is this process's own: it learns of its own touch without a notice.
      session.lastSeenAt = now;
    }
    return {
      idHash,
      company: session.companyCode as CompanyCode,
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      user,
      linkId: session.linkId,
      reached,
      steppedUpAt: session.steppedUpAt,
      view: view && {
        consultationId: view.consultationId,
        staffName: view.staffName,
        reason: view.reason,
        endsAt: view.endsAt,
      },
    };
  }

  /**
   * The view of a session while it may still be shown (ADR 043): before its end, its staff session not
   * ended, not idle, not past its limit, its account active. Undefined when it is over.
   */
  async function liveView(consultationId: number, now: Date) {
    const [row] = await db
      .select({
        consultationId: staffConsultations.id,
        staffName: staffConsultations.staffName,
        reason: staffConsultations.reason,
        endsAt: staffConsultations.endsAt,
        staffSessionHash: staffConsultations.staffSessionHash,
      })
      .from(staffConsultations)
      .innerJoin(staffSessions, eq(staffSessions.idHash, staffConsultations.staffSessionHash))
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
      .where(
        and(
          eq(staffConsultations.id, consultationId),
          gt(staffConsultations.endsAt, now),
          isNull(staffSessions.endedAt),
          gt(staffSessions.expiresAt, now),
          gt(staffSessions.lastSeenAt, new Date(now.getTime() - VIEW_STAFF_IDLE_MS)),
          eq(staffUsers.active, true),
        ),
      )
      .limit(1);
    return row;
  }

  /** Revokes the users' live personal tokens (ADR 037): they end with the sessions, as a login's would. */
  const revokeTokensOf = (tx: Pick<Db, 'update'>, userIds: number[], now: Date) =>
    tx
      .update(personalTokens)
      .set({ revokedAt: now })
      .where(and(inArray(personalTokens.userId, userIds), isNull(personalTokens.revokedAt)))
      .returning({ id: personalTokens.id });

  const isIdle = ({ session }: SessionRead, now: Date) =>
    session.lastSeenAt.getTime() + lifetimes.idleMs <= now.getTime();

  return {
    async create(input: {
      company: CompanyCode;
      clientSpec: unknown;
      userId: number | null;
      now: Date;
      userAgent?: string | null;
      /** A staff's read-only view (ADR 043): it ends at `expiresAt`, sooner than a login would. */
      view?: { consultationId: number; expiresAt: Date };
      /** A guest's client address: its guest sessions are bounded (`endOldestGuests`). */
      guestAddress?: string;
      /** An end already set: a handover's session ends with the one it came from, never later. */
      endsAt?: Date;
    }) {
      const id = randomBytes(16).toString('base64url');
      const idHash = hashSessionId(id);
      const key = randomBytes(12).toString('base64url');
      const expiresAt =
        input.view?.expiresAt ?? input.endsAt ?? new Date(input.now.getTime() + lifetimes.absoluteMs);
      await db.insert(sessions).values({
        idHash,
        key,
        userAgent: input.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        companyCode: input.company,
        clientSpec: input.clientSpec ?? null,
        userId: input.userId,
        createdAt: input.now,
        lastSeenAt: input.now,
        expiresAt,
        consultationId: input.view?.consultationId ?? null,
        guestAddressHash: input.guestAddress === undefined ? null : hashAddress(input.guestAddress),
      });
      return { id, idHash, key, expiresAt };
    },

    /**
     * Ends the guest sessions of an address beyond its `keep` newest: a flood from one address ends its
     * own oldest sessions, and a visitor behind the same address still gets one.
     */
    async endOldestGuests(address: string, keep: number) {
      const addressHash = hashAddress(address);
      const beyond = db
        .select({ idHash: sessions.idHash })
        .from(sessions)
        .where(and(eq(sessions.guestAddressHash, addressHash), isNull(sessions.userId)))
        .orderBy(desc(sessions.createdAt), desc(sessions.idHash))
        .offset(keep);
      const ended = await db
        .delete(sessions)
        .where(inArray(sessions.idHash, beyond))
        .returning({ idHash: sessions.idHash });
      for (const { idHash } of ended) await changed({ idHash });
      return ended.length;
    },

    /** The live session for an id, or null when unknown, idle too long or past its lifetime. */
    load: (id: string, now: Date) => loadByHash(hashSessionId(id), now),

    loadByHash,

    /** Ties a guest session to the link it was opened from: from now on it reaches that target only. */
    async bindLink(idHash: string, linkId: number) {
      await db.update(sessions).set({ linkId }).where(eq(sessions.idHash, idHash));
      await changed({ idHash });
    },

    /**
     * What a user's sessions may do changed (a delegation granted or ended, the user's own row
     * changed): each forgets its cached read, in every process.
     */
    userChanged: (userId: number) => changed({ userId }),

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

    /** The session proved its user again (a passkey or a one-time code, ADR 038). */
    async markSteppedUp(idHash: string, now: Date) {
      await db.update(sessions).set({ steppedUpAt: now }).where(eq(sessions.idHash, idHash));
      await changed({ idHash });
    },

    async delete(idHash: string) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
      await changed({ idHash });
    },

    /**
     * Every session of the user but the one kept, and every personal token of the user (a password
     * change, a reset, "end all sessions"): a token is a standing way in, and a thief's would survive.
     */
    async deleteOthers(userId: number, keepIdHash: string, now: Date) {
      await db.transaction(async (tx) => {
        await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)));
        await revokeTokensOf(tx, [userId], now);
      });
      await changed({ userId });
    },

    /**
     * Ends every session and personal token of `userIds` (the care console, ADR 045); `alongside` writes
     * what records it in the same transaction, and only when something was ended: a second caller finds
     * none.
     */
    async deleteAll(
      userIds: number[],
      alongside: (tx: Pick<Db, 'insert'>, ended: number) => Promise<void>,
      now: Date,
    ) {
      if (userIds.length === 0) return 0;
      const ended = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(sessions)
          .where(inArray(sessions.userId, userIds))
          .returning({ idHash: sessions.idHash });
        const revoked = await revokeTokensOf(tx, userIds, now);
        const count = rows.length + revoked.length;
        if (count > 0) await alongside(tx, count);
        return count;
      });
      for (const userId of userIds) await changed({ userId });
      return ended;
    },

    /** A user's live sessions, the most recently used first (ADR 037). */
    async listForUser(userId: number, now: Date): Promise<UserSessionRow[]> {
      const idleSince = new Date(now.getTime() - lifetimes.idleMs);
      return db
        .select({
          idHash: sessions.idHash,
          key: sessions.key,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            // A staff's view is not one of the user's devices (ADR 043); the profile lists it apart.
            isNull(sessions.consultationId),
            sql`${sessions.expiresAt} > ${now}`,
            sql`${sessions.lastSeenAt} > ${idleSince}`,
          ),
        )
        .orderBy(desc(sessions.lastSeenAt), asc(sessions.key));
    },

    /** Ends the user's session named by its key; false when the user has none of that key. */
    async deleteByKey(userId: number, key: string): Promise<boolean> {
      const [ended] = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.key, key)))
        .returning({ idHash: sessions.idHash });
      if (ended) await changed({ idHash: ended.idHash });
      return ended !== undefined;
    },

    /** A single-use link that ends a session (the new-login notice's, ADR 037); only its hash is kept. */
    async createEndLink(sessionIdHash: string, expiresAt: Date) {
      const token = randomBytes(24).toString('base64url');
      await db.insert(sessionEndLinks).values({ tokenHash: hashSessionId(token), sessionIdHash, expiresAt });
      return token;
    },

    /**
     * Spends an end link: deleted by the statement that reads it, then its session ends. Answers whether a
     * live session was ended (false for an unknown, spent or expired link, or a session already gone).
     */
    async endByLink(token: string, now: Date): Promise<boolean> {
      const [taken] = await db
        .delete(sessionEndLinks)
        .where(eq(sessionEndLinks.tokenHash, hashSessionId(token)))
        .returning();
      if (!taken || taken.expiresAt <= now) return false;
      const [ended] = await db
        .delete(sessions)
        .where(eq(sessions.idHash, taken.sessionIdHash))
        .returning({ idHash: sessions.idHash });
      if (ended) await changed({ idHash: ended.idHash });
      return ended !== undefined;
    },

    /** Past their lifetime or idle too long: guest sessions nobody uses go within SESSION_IDLE_MINUTES. */
    async deleteExpired(now: Date) {
      const idleSince = new Date(now.getTime() - lifetimes.idleMs);
      await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)));
      await db.delete(sessionHandovers).where(lt(sessionHandovers.expiresAt, now));
      await db.delete(sessionEndLinks).where(lt(sessionEndLinks.expiresAt, now));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
