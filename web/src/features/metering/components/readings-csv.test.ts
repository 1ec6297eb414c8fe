import { describe, expect, it } from 'vitest';
import type { erpMetering } from '@sportello/contract';
import { readingsBetween, readingsCsv } from './readings-csv';

const reading = (readingDate: string, values: Record<string, number>, source = 'self' as const) =>
  ({
    id: readingDate,
    readingDate,
    source,
    status: 'OK',
    values,
    implausibleConfirmed: false,
    meterReplaced: false,
    hasPhoto: false,
    note: null,
    createdAt: `${readingDate}T10:00:00Z`,
  }) satisfies erpMetering.Reading;

const READINGS = [
  reading('2026-09-30', { F1: 1300, F2: 800 }),
  reading('2026-06-30', { F1: 1200, F2: 750 }),
  reading('2025-12-31', { F1: 1000, F2: 600 }),
];

describe('readings as CSV', () => {
  it('keeps the readings of the chosen period, both ends included', () => {
    expect(readingsBetween(READINGS, '2026-01-01', '2026-09-30').map((r) => r.readingDate)).toEqual([
      '2026-09-30',
      '2026-06-30',
    ]);
    expect(readingsBetween(READINGS, '2027-01-01', '2027-12-31')).toEqual([]);
  });

  it('writes one line per reading, oldest first, a column per register, semicolons', () => {
    const csv = readingsCsv(READINGS.slice(0, 2), () => 'Autolettura del cliente');
    expect(csv.split('\r\n')).toEqual([
      'Data;Fascia F1;Fascia F2;Rilevata da',
      '2026-06-30;1200;750;Autolettura del cliente',
      '2026-09-30;1300;800;Autolettura del cliente',
      '',
    ]);
  });

  it('leaves a register a reading does not have empty, and quotes what needs it', () => {
    const csv = readingsCsv(
      [reading('2026-01-01', { F0: 5 }), reading('2026-02-01', { F1: 7 })],
      () => 'a;b',
    );
    expect(csv).toContain('2026-01-01;5;;"a;b"');
    expect(csv).toContain('2026-02-01;;7;"a;b"');
  });
});
