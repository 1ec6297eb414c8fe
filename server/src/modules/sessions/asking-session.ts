// The session that asks, read by a GET's own statement (issue 12): the statement reaches its data
// through that session's user and returns the session row and its user beside the data, so the GET
// is one round trip instead of two. Nothing is answered before the route has decided on that session
// (lifetime, then the call's access rule): `Asker.user` below, from http/route.ts.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { unauthorized } from '../../http/app-error.js';
import { sessions, users } from '@sportello/db/schema';
import type {
  LoadedSession,
  SessionUser,
  SessionWithUserRow,
} from '../../platform/sessions/session-store.js';

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

/** A session asking through a GET's own statement (http/route.ts routeAsking). */
export interface SessionAsker extends Asker {
  /** The asking session, decided as `user` decides it, for a call that also serves guests. */
  session(read: SessionWithUserRow | undefined): Promise<LoadedSession>;
}

/** A user already known (the session was read first, or the caller is another service). */
export const userAsker = (user: SessionUser): Asker => ({
  params: { userId: user.id, idHash: null },
  user: async () => user,
});

/** A session decided by `decide`, from what a statement read (or from nothing: already read). */
function deciding(
  params: AskerParams,
  decide: (read: SessionWithUserRow | undefined) => Promise<LoadedSession>,
): SessionAsker {
  return {
    params,
    session: decide,
    async user(read) {
      const { user } = await decide(read);
      if (!user) throw unauthorized('login_required');
      return user;
    },
  };
}

/** A session already read (a write's, read before its body was even parsed). */
export const sessionAsker = (session: LoadedSession): SessionAsker =>
  deciding({ userId: session.user?.id ?? null, idHash: null }, async () => session);

/** The session of this id hash, read by the statement itself and decided by `decide` (http/route.ts). */
export const statementAsker = (
  idHash: string | null,
  decide: (read: SessionWithUserRow | undefined) => Promise<LoadedSession>,
): SessionAsker => deciding({ userId: null, idHash }, decide);

/** The user whose reach a statement applies: the given user, or the user of the session with that hash. */
export const askingUserId: SQL = sql`coalesce(${sql.placeholder('userId')}::bigint, (select ${sessions.userId} from ${sessions} where ${sessions.idHash} = ${sql.placeholder('idHash')}))`;

const SESSION_COLUMNS = ['idHash', 'companyCode', 'createdAt', 'expiresAt', 'lastSeenAt', 'linkId'] as const;
const sessionColumns = getTableColumns(sessions);
const userColumns = getTableColumns(users);
const USER_COLUMNS = Object.keys(userColumns) as (keyof typeof userColumns)[];

/**
 * The asking session and its user as one text column of a statement (null when a known user asks):
 * a subquery on the session's primary key, evaluated once per statement. One column, not one per
 * field, so a list's rows carry it cheaply; only the first row's copy is decoded (`sessionRead`).
 */
export const askingSession = sql<
  string | null
>`(select json_build_object('session', row_to_json(${sessions}), 'user', row_to_json(${users}))::text from ${sessions} left join ${users} on ${users.id} = ${sessions.userId} where ${sessions.idHash} = ${sql.placeholder('idHash')})`;

/** A row_to_json object's fields decoded as the table's columns decode them from the driver. */
function decodeColumns<K extends string>(
  columns: Record<K, PgColumn>,
  keys: readonly K[],
  json: Record<string, unknown>,
) {
  return Object.fromEntries(
    keys.map((key) => {
      const column = columns[key];
      const value = json[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  );
}

/** The session a statement's `askingSession` column carries, or undefined when it read none. */
export function sessionRead(text: string | null | undefined): SessionWithUserRow | undefined {
  if (!text) return undefined;
  const read = JSON.parse(text) as { session: Record<string, unknown>; user: Record<string, unknown> | null };
  return {
    session: decodeColumns(sessionColumns, SESSION_COLUMNS, read.session) as SessionWithUserRow['session'],
    user: read.user ? (decodeColumns(userColumns, USER_COLUMNS, read.user) as SessionUser) : null,
  };
}
