import { describe, expect, it } from 'vitest';
import { periodLabel, toCsv, toSeries, yearBefore } from './series';

const point = (period: string, milli: Record<string, number>, cents: Record<string, number>) => ({
  start: `${period}T00:00:00.000Z`,
  period,
  milliUnits: milli,
  costCents: cents,
});

describe('periodLabel', () => {
  it.each([
    ['2026', '2026'],
    ['2026-03', 'mar 2026'],
    ['2026-03-05', '05/03/2026'],
    ['2026-03-05T13', '05/03 13:00'],
  ])('%s → %s', (period, label) => expect(periodLabel(period)).toBe(label));

  it('matches a period to the one a year before', () => {
    expect(yearBefore('2026-03')).toBe('2025-03');
    expect(yearBefore('2026-03-05T13')).toBe('2025-03-05T13');
  });
});

describe('toSeries and toCsv', () => {
  const points = [
    point('2026-01', { F1: 1500, F2: 250 }, { F1: 30, F2: 5 }),
    point('2026-02', { F3: 1000 }, { F3: 21 }),
  ];

  it('gives kWh or euros per band with the total, and the previous year when compared', () => {
    const kwh = toSeries(points, ['F1', 'F2', 'F3'], 'quantity', [point('2025-01', { F1: 1000 }, {})]);
    expect(kwh[0]).toEqual({
      key: '2026-01T00:00:00.000Z',
      label: 'gen 2026',
      values: { F1: 1.5, F2: 0.25, F3: 0 },
      total: 1.75,
      previous: 1,
    });
    expect(kwh[1]?.previous).toBeNull();
    expect(toSeries(points, ['F1', 'F2', 'F3'], 'euro')[0]).toMatchObject({
      values: { F1: 0.3, F2: 0.05 },
      total: 0.35,
    });
  });

  it('writes one CSV line per row shown, Italian style', () => {
    const rows = toSeries(points, ['F1', 'F23'], 'quantity');
    expect(toCsv(rows, ['F1', 'F23'], 'quantity', 'kWh')).toBe(
      'Periodo;F1 (kWh);F23 (kWh);Totale (kWh)\r\ngen 2026;1,500;0,000;1,500\r\nfeb 2026;0,000;0,000;0,000\r\n',
    );
    const euro = toSeries(points, ['F1', 'F2', 'F3'], 'euro', []);
    expect(toCsv(euro, ['F1', 'F2', 'F3'], 'euro', '€').split('\r\n')[1]).toBe(
      'gen 2026;0,30;0,05;0,00;0,35;',
    );
  });
});
