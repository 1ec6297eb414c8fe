import { describe, expect, it } from 'vitest';
import { compareVersions, isUpdateRequired, parseVersion } from './app-version';

describe('app versions (force update, SPEC §4)', () => {
  it('compares part by part as numbers, not as text', () => {
    expect(compareVersions([1, 10, 0], [1, 9, 3])).toBe(1);
    expect(compareVersions([1, 9, 3], [1, 10, 0])).toBe(-1);
    expect(compareVersions([2, 0], [2, 0, 0])).toBe(0);
    expect(compareVersions([2, 0, 1], [2, 0])).toBe(1);
  });

  it('reads dotted versions only', () => {
    expect(parseVersion(' 1.10.0 ')).toEqual([1, 10, 0]);
    expect(parseVersion('7')).toEqual([7]);
    expect(parseVersion('1.x')).toBeNull();
    expect(parseVersion('')).toBeNull();
    expect(parseVersion('1..2')).toBeNull();
  });

  it('requires an update only below the minimum', () => {
    expect(isUpdateRequired('1.9.3', '1.10.0')).toBe(true);
    expect(isUpdateRequired('1.10.0', '1.9.3')).toBe(false);
    expect(isUpdateRequired('1.10.0', '1.10.0')).toBe(false);
    expect(isUpdateRequired('1.10', '1.10.1')).toBe(true);
  });

  it('never blocks on a missing or unreadable minimum, always on an unreadable installed version', () => {
    expect(isUpdateRequired('1.0.0', null)).toBe(false);
    expect(isUpdateRequired('1.0.0', '')).toBe(false);
    expect(isUpdateRequired('1.0.0', 'latest')).toBe(false);
    expect(isUpdateRequired('dev', '1.0.0')).toBe(true);
  });
});
