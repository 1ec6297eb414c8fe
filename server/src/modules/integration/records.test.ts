// A record's fingerprint (ADR 050): the same content prints the same, whatever order a map's keys were
// sent in; any change of a value, however deep, prints another.
import { describe, expect, it } from 'vitest';
import { contentHashOf, RecordConflict, versionOutcome } from './records.js';

const supply = { extKey: 'POD-1', technicalData: { contractualPowerKw: 3, voltage: '230' }, meter: null };

describe('a record’s fingerprint and its version', () => {
  it('is the same for the same content in another key order, and another for any change', () => {
    const hash = contentHashOf({ version: 1, supplies: [supply] });
    expect(
      contentHashOf({
        supplies: [
          { meter: null, technicalData: { voltage: '230', contractualPowerKw: 3 }, extKey: 'POD-1' },
        ],
        version: 1,
      }),
    ).toBe(hash);
    expect(
      contentHashOf({
        version: 1,
        supplies: [{ ...supply, technicalData: { contractualPowerKw: 4, voltage: '230' } }],
      }),
    ).not.toBe(hash);
    expect(contentHashOf({ version: 1, supplies: [supply, supply] })).not.toBe(hash);
  });

  it('answers a replay unchanged, and the same version with other content as a version_reused conflict', () => {
    const held = { version: 3, contentHash: contentHashOf({ a: 1 }) };
    expect(versionOutcome(held, 3, contentHashOf({ a: 1 }))).toBe('unchanged');
    expect(versionOutcome(held, 2, contentHashOf({ a: 2 }))).toBe('stale');
    expect(versionOutcome(held, 4, contentHashOf({ a: 2 }))).toBe('updated');
    expect(() => versionOutcome(held, 3, contentHashOf({ a: 2 }))).toThrow(RecordConflict);
    // Held before fingerprints were kept: taken as the same.
    expect(versionOutcome({ version: 3, contentHash: null }, 3, contentHashOf({ a: 2 }))).toBe('unchanged');
  });
});
