// The session that asks, read by a GET's own statement (issue 12): the statement reaches its data
// through that session's user and returns the session row and the user beside the data, so the GET is
// one round trip instead of two. Nothing is answered before the route has decided on that session
// (lifetime, then the call's access rule): `Asker.user` below, from http/route.ts.
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import type { SessionUser, SessionWithUserRow } from './session-store.js';

/** Who asks, as the parameters of a statement that reaches data: a known user, or a session's id hash. */
export interface AskerParams {
  userId: number | null;
  idHash: string | null;
}

export interface Asker {
  readonly params: AskerParams;
  /**
   * The asking user: from the session a statement read beside its data, or read alone when the
   * statement had no row. Throws 401 when the session is missing, expired or not a user's.
   */
  user(read: SessionWithUserRow | undefined): Promise<SessionUser>;
}

/** A user already known (the session was read first, or the caller is another service). */
export const userAsker = (user: SessionUser): Asker => ({
  params: { userId: user.id, idHash: null },
  user: async () => user,
});

/** The user whose reach a statement applies: the given user, or the user of the session with that hash. */
export const askingUserId: SQL = sql`coalesce(${sql.placeholder('userId')}::bigint, (select ${sessions.userId} from ${sessions} where ${sessions.idHash} = ${sql.placeholder('idHash')}))`;

/** A session column under the name `session_<name>`, decoded as the column is. */
const renamed = <C extends AnyPgColumn>(column: C) =>
  sql<C['_']['data'] | (C['_']['notNull'] extends true ? never : null)>`${column}`
    .mapWith(column)
    .as(`session_${column.name}`);

/**
 * The asking session and its user as one row (none for a known user), to left-join `on true` into a
 * statement. The session's columns are renamed: the user's own names stay free.
 */
export function askingSessionRow(db: Db) {
  return db
    .select({
      session: {
        idHash: renamed(sessions.idHash),
        companyCode: renamed(sessions.companyCode),
        createdAt: renamed(sessions.createdAt),
        expiresAt: renamed(sessions.expiresAt),
        lastSeenAt: renamed(sessions.lastSeenAt),
        linkId: renamed(sessions.linkId),
      },
      user: getTableColumns(users),
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .as('asking_session');
}

/** The columns `askingSessionRow` adds to a row: all null when no session was read. */
type Nullable<T> = { [K in keyof T]: T[K] | null } | null;

/** The session a statement's row carries, or undefined when it read none (a known user asked). */
export function sessionRead(row: {
  session: Nullable<SessionWithUserRow['session']>;
  user: Nullable<SessionUser>;
}): SessionWithUserRow | undefined {
  const { session, user } = row;
  if (!session?.idHash) return undefined;
  return {
    session: session as SessionWithUserRow['session'],
    user: user?.id == null ? null : (user as SessionUser),
  };
}
