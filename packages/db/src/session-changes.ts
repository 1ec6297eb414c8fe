// Tells every process of the server that a session, or what a user's sessions may do, changed, so
// that each forgets its cached reads (session-cache.ts). PGlite is one process: the notice stays in
// it. On PostgreSQL several processes share the database: the notice goes through LISTEN/NOTIFY on one
// channel, on a connection of its own that listens for the process's lifetime.
import pg from 'pg';

/** A session by the hash of its id, or every session of a user. */
export type SessionChange = { idHash: string } | { userId: number };

export const SESSION_CHANGES_CHANNEL = 'sportello_session_changes';

export interface SessionChanges {
  /** Forgets here at once, and in the other processes as soon as they hear of it. */
  publish(change: SessionChange): Promise<void>;
  /** `listener` hears every change, this process's own and the others'. */
  subscribe(listener: (change: SessionChange) => void): void;
  close(): Promise<void>;
}

const encode = (change: SessionChange) => ('idHash' in change ? `s:${change.idHash}` : `u:${change.userId}`);

function decode(payload: string | undefined): SessionChange | undefined {
  if (payload?.startsWith('s:')) return { idHash: payload.slice(2) };
  if (payload?.startsWith('u:') && /^\d+$/.test(payload.slice(2)))
    return { userId: Number(payload.slice(2)) };
  return undefined;
}

export function localSessionChanges(): SessionChanges {
  const listeners: ((change: SessionChange) => void)[] = [];
  return {
    async publish(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe: (listener) => void listeners.push(listener),
    close: async () => undefined,
  };
}

/**
 * LISTEN/NOTIFY on PostgreSQL. A notice sent while this process's listening connection is down is
 * lost: the cache lifetime bounds how long such a read stays stale, and the connection is opened again.
 */
export async function postgresSessionChanges(
  url: string,
  onError: (err: Error) => void,
  reconnectMs = 1_000,
): Promise<SessionChanges> {
  const local = localSessionChanges();
  let client: pg.Client | undefined;
  let closed = false;

  // A database that is away (at start or later) must not stop the server: each failure is reported
  // and the listening connection is tried again, once per failure, until it holds or the app closes.
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    let failed = false;
    const fail = (err: Error) => {
      onError(err);
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      if (failed || closed) return;
      failed = true;
      setTimeout(() => void connect(), reconnectMs).unref();
    };
    next.on('notification', (message) => {
      const change = decode(message.payload);
      if (change) void local.publish(change);
    });
    next.on('error', fail);
    try {
      await next.connect();
      await next.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
      if (closed) await next.end();
      else client = next;
    } catch (err) {
      fail(err as Error);
    }
  }
  await connect();

  // One query at a time on the listening connection: pg queues concurrent ones itself, but that is
  // deprecated (it goes in pg 9), and many logins ending at once would rely on it.
  let sending = Promise.resolve();

  return {
    async publish(change) {
      // Here at once; the other processes (and this one, again: harmless) when the notice arrives.
      await local.publish(change);
      // A notice that cannot be sent is reported, not thrown: the change is done, and the other
      // processes' cached reads expire within the cache lifetime.
      const notify = () =>
        client?.query('select pg_notify($1, $2)', [SESSION_CHANGES_CHANNEL, encode(change)]);
      sending = sending.then(notify).then(
        () => undefined,
        (err: Error) => onError(err),
      );
      await sending;
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await client?.end();
    },
  };
}
