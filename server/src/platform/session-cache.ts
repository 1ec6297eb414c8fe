// A short-lived, bounded, in-process cache of session reads (ADR 027). Every call with a session id
// needs its session, its user and the customers that user reaches; reading them once per few seconds
// instead of once per request earns back the round trip the reach check costs. What changes a session
// or what it may do forgets the entries at once here, and in every other process through
// SessionChanges (@sportello/db/session-changes); the lifetime below bounds what a lost notice can leave stale.

export interface SessionCacheOptions {
  /** How long a read is served from memory; 0 turns the cache off. */
  lifetimeMs: number;
  /** Past this many entries the oldest is dropped: memory stays bounded whatever the traffic. */
  maxEntries: number;
}

interface Entry<T> {
  value: T;
  userId: number | null;
  readAt: number;
}

export function createSessionCache<T>(options: SessionCacheOptions) {
  // A Map keeps insertion order: its first key is the oldest entry.
  const entries = new Map<string, Entry<T>>();

  return {
    /** The cached read of this session, if it is younger than the lifetime. */
    get(idHash: string, now: number): T | undefined {
      const entry = entries.get(idHash);
      if (!entry) return undefined;
      if (now - entry.readAt < options.lifetimeMs) return entry.value;
      entries.delete(idHash);
      return undefined;
    },

    set(idHash: string, value: T, userId: number | null, now: number) {
      if (options.lifetimeMs <= 0) return;
      entries.delete(idHash);
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(idHash, { value, userId, readAt: now });
    },

    forgetSession(idHash: string) {
      entries.delete(idHash);
    },

    /** Every session of a user: its delegations, password or profile changed. */
    forgetUser(userId: number) {
      for (const [idHash, entry] of entries) if (entry.userId === userId) entries.delete(idHash);
    },

    get size() {
      return entries.size;
    },
  };
}

export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
