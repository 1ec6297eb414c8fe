// SQL of the sessions module's own tables: the login history (ADR 037). The sessions themselves, their
// handovers and end links are the platform's session store (platform/sessions/session-store.ts).
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { loginHistory } from '@sportello/db/schema';

export type LoginOutcome = 'success' | 'wrong_password';
export type LoginHistoryRow = typeof loginHistory.$inferSelect;

/** Rows kept per user: the page shows 20; the rest tell devices seen before. */
export const LOGIN_HISTORY_KEPT = 100;

export function createSessionsRepository(db: Db) {
  return {
    /** Whether the user has logged in before, and whether from a device with this key. */
    async devicesSeen(
      userId: number,
      deviceKey: string,
    ): Promise<{ anyLogin: boolean; thisDevice: boolean }> {
      const rows = await db
        .selectDistinct({ deviceKey: loginHistory.deviceKey })
        .from(loginHistory)
        .where(and(eq(loginHistory.userId, userId), eq(loginHistory.outcome, 'success')))
        .limit(LOGIN_HISTORY_KEPT);
      return { anyLogin: rows.length > 0, thisDevice: rows.some((r) => r.deviceKey === deviceKey) };
    },

    /** Records a login or a failed attempt; the user's oldest rows beyond LOGIN_HISTORY_KEPT go. */
    async record(row: {
      userId: number;
      at: Date;
      outcome: LoginOutcome;
      userAgent: string | null;
      deviceKey: string;
    }) {
      await db.insert(loginHistory).values(row);
      const kept = db
        .select({ id: loginHistory.id })
        .from(loginHistory)
        .where(eq(loginHistory.userId, row.userId))
        .orderBy(desc(loginHistory.at), desc(loginHistory.id))
        .limit(LOGIN_HISTORY_KEPT);
      await db
        .delete(loginHistory)
        .where(and(eq(loginHistory.userId, row.userId), notInArray(loginHistory.id, kept)));
    },

    /** The user's latest rows, newest first. */
    latest: (userId: number, limit: number): Promise<LoginHistoryRow[]> =>
      db
        .select()
        .from(loginHistory)
        .where(eq(loginHistory.userId, userId))
        .orderBy(desc(loginHistory.at), desc(loginHistory.id))
        .limit(limit),
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
