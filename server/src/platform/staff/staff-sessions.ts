// Staff sessions and the staff audit (ADR 041), apart from customers' sessions: their own table, their
// own header (`staffSessionId`), 15 minutes idle and 10 hours at most (a working day), no cache (a few
// hundred operators, each request one indexed read). The audit is append-only: a database trigger
// refuses UPDATE, DELETE and TRUNCATE, and this file only inserts into it.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { CompanyCode, StaffRole } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { staffAudit, staffSessions, staffUsers } from '@sportello/db/schema';
import { hashSessionId } from '../sessions/session-store.js';

export const STAFF_IDLE_MS = 15 * 60_000;
export const STAFF_ABSOLUTE_MS = 10 * 3_600_000;
/** last_seen_at is written at most this often: a used session dies at most this much early, never late. */
const TOUCH_INTERVAL_MS = 60_000;

/** Who asks on a staff call, as route() and the reach check see it. */
export interface StaffPrincipal {
  idHash: string;
  userId: number;
  username: string;
  displayName: string;
  role: StaffRole;
  brands: CompanyCode[];
  expiresAt: Date;
  /** When and how the session was opened (a passkey is added only soon after a code login: ADR 044). */
  startedAt: Date;
  loginFactor: StaffLoginFactor;
}

export type StaffLoginFactor = 'totp' | 'passkey';

/** A database or a transaction: the audit row is written with the action it records. */
type Writer = Pick<Db, 'insert'>;

export interface StaffAuditRow {
  staffUserId: number | null;
  idHash?: string | null;
  action: string;
  customerId?: number | null;
  detail?: Record<string, unknown>;
  address?: string | null;
}

/** Appends one row to the staff audit, in the writer's transaction. */
export async function writeStaffAudit(writer: Writer, row: StaffAuditRow): Promise<void> {
  await writer.insert(staffAudit).values({
    staffUserId: row.staffUserId,
    sessionRef: row.idHash ? row.idHash.slice(0, 12) : null,
    action: row.action,
    customerId: row.customerId ?? null,
    detail: row.detail ?? {},
    address: row.address ?? null,
  });
}

export type StaffLoad = StaffPrincipal | 'missing' | 'expired';

export function createStaffSessionStore(db: Db) {
  return {
    /** Opens a session for a staff account in the caller's transaction; the id is handed out once. */
    async create(tx: Writer, staffUserId: number, now: Date, loginFactor: StaffLoginFactor) {
      const id = randomBytes(16).toString('base64url');
      const idHash = hashSessionId(id);
      const expiresAt = new Date(now.getTime() + STAFF_ABSOLUTE_MS);
      await tx
        .insert(staffSessions)
        .values({ idHash, staffUserId, createdAt: now, lastSeenAt: now, expiresAt, loginFactor });
      return { id, idHash, expiresAt };
    },

    /**
     * The live session of a hash: 'missing' when there is none, 'expired' when it has just died (idle or
     * past its limit: it is ended and the end audited here, once).
     */
    async load(idHash: string, now: Date, address: string | null): Promise<StaffLoad> {
      const [row] = await db
        .select({ session: staffSessions, user: staffUsers })
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
        .where(and(eq(staffSessions.idHash, idHash), isNull(staffSessions.endedAt)))
        .limit(1);
      if (!row) return 'missing';
      const { session, user } = row;
      const idle = now.getTime() - session.lastSeenAt.getTime() >= STAFF_IDLE_MS;
      if (idle || session.expiresAt <= now || !user.active) {
        const reason = !user.active ? 'account_disabled' : idle ? 'idle' : 'limit';
        await db.transaction(async (tx) => {
          const ended = await tx
            .update(staffSessions)
            .set({ endedAt: now })
            .where(and(eq(staffSessions.idHash, idHash), isNull(staffSessions.endedAt)))
            .returning({ idHash: staffSessions.idHash });
          if (ended.length > 0)
            await writeStaffAudit(tx, {
              staffUserId: user.id,
              idHash,
              action: 'session_expired',
              detail: { reason },
              address,
            });
        });
        return 'expired';
      }
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS)
        await db
          .update(staffSessions)
          .set({ lastSeenAt: now })
          .where(and(eq(staffSessions.idHash, idHash), lt(staffSessions.lastSeenAt, now)));
      return {
        idHash,
        userId: user.id,
        username: user.username,
        displayName: user.displayName,
        role: user.role as StaffRole,
        brands: user.brands as CompanyCode[],
        expiresAt: session.expiresAt,
        startedAt: session.createdAt,
        loginFactor: session.loginFactor as StaffLoginFactor,
      };
    },

    /** Ends a session (logout) with its audit row, in one transaction. */
    async end(principal: StaffPrincipal, now: Date, address: string | null) {
      await db.transaction(async (tx) => {
        await tx
          .update(staffSessions)
          .set({ endedAt: now })
          .where(
            and(
              eq(staffSessions.idHash, principal.idHash),
              isNull(staffSessions.endedAt),
              gt(staffSessions.expiresAt, now),
            ),
          );
        await writeStaffAudit(tx, {
          staffUserId: principal.userId,
          idHash: principal.idHash,
          action: 'session_end',
          address,
        });
      });
    },
  };
}

export type StaffSessionStore = ReturnType<typeof createStaffSessionStore>;
