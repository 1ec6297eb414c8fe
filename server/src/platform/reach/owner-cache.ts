// What owners.ts found for an identifier, kept in process (ADR 027, "The owner cache"). A row's owner
// never changes once written (an invoice keeps its customer, a notification its user), so the reach
// check needs to ask the database once per identifier, not once per request. The kinds whose owners
// can change are never kept (owners.ts says which). Bounded: past `maxEntries` the least recently used
// entry goes. "Nothing found" is never kept: the row may be created the next moment, and must then be
// checked. `lifetimeMs` is a safety net only, bounding what a write behind the server's back (a
// database reset while it runs) can leave stale.
import type { Owned } from './owners.js';

export interface OwnerCacheOptions {
  /** Past this many entries the least recently used is dropped; 0 turns the cache off. */
  maxEntries: number;
  /** How long an entry is trusted at most. */
  lifetimeMs: number;
}

interface Entry {
  owned: readonly Owned[];
  readAt: number;
}

export function createOwnerCache(options: OwnerCacheOptions) {
  // A Map keeps insertion order: a hit is moved to the end, so the first key is the least recently used.
  const entries = new Map<string, Entry>();

  return {
    get(key: string, now: number): readonly Owned[] | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (now - entry.readAt >= options.lifetimeMs) return undefined;
      entries.set(key, entry);
      return entry.owned;
    },

    /** Keeps what was found; an empty list (nothing found) is not kept. */
    set(key: string, owned: readonly Owned[], now: number) {
      if (owned.length === 0 || options.maxEntries <= 0 || options.lifetimeMs <= 0) return;
      entries.delete(key);
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { owned, readAt: now });
    },

    get size() {
      return entries.size;
    },
  };
}

export type OwnerCache = ReturnType<typeof createOwnerCache>;
