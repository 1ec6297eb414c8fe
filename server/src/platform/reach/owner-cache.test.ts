// The owner cache (ADR 027, "The owner cache"): bounded, least recently used dropped first, nothing
// kept for an identifier that named nothing, nothing trusted past its lifetime.
import { describe, expect, it } from 'vitest';
import { createOwnerCache } from './owner-cache.js';
import type { Owned } from './owners.js';

const owned = (customerId: number): Owned[] => [
  { owner: 'customers', customerIds: [customerId], key: `K${customerId}` },
];

describe('owner cache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = createOwnerCache({ maxEntries: 2, lifetimeMs: 60_000 });
    cache.set('a', owned(1), 0);
    cache.set('b', owned(2), 0);
    expect(cache.get('a', 1)).toEqual(owned(1)); // a is now the most recently used
    cache.set('c', owned(3), 2);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toEqual(owned(1));
    expect(cache.get('c', 3)).toEqual(owned(3));
  });

  it('does not keep "nothing found": the row may be created later', () => {
    const cache = createOwnerCache({ maxEntries: 10, lifetimeMs: 60_000 });
    cache.set('missing', [], 0);
    expect(cache.size).toBe(0);
    expect(cache.get('missing', 1)).toBeUndefined();
  });

  it('forgets an entry older than its lifetime', () => {
    const cache = createOwnerCache({ maxEntries: 10, lifetimeMs: 1_000 });
    cache.set('a', owned(1), 0);
    expect(cache.get('a', 999)).toEqual(owned(1));
    expect(cache.get('a', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing when turned off', () => {
    const cache = createOwnerCache({ maxEntries: 0, lifetimeMs: 60_000 });
    cache.set('a', owned(1), 0);
    expect(cache.get('a', 1)).toBeUndefined();
  });
});
