import { describe, expect, it } from 'vitest';
import { differences } from './compare';

const bill = (quantity: number, average: number | null, days: number | null, totalCents: number) => ({
  consumption: { quantity, unit: 'kWh' },
  averageCentsPerUnit: average,
  periodDays: days,
  totalCents,
});

describe('differences', () => {
  it.each([
    [
      'more used, dearer, longer, higher total',
      bill(440, 30.5, 61, 13_420),
      bill(400, 28, 59, 11_200),
      [
        'Hai consumato di più: 40 kWh in più (10%).',
        'Il costo medio per kWh, quote fisse comprese, è salito da 0,28 € a 0,305 €.',
        'Il periodo è più lungo di 2 giorni (61 contro 59).',
        'Il totale è salito di 22,20 €.',
      ],
    ],
    [
      'less used, cheaper, shorter, lower total',
      bill(300, 25, 59, 7_500),
      bill(400, 28, 61, 11_200),
      [
        'Hai consumato di meno: 100 kWh in meno (25%).',
        'Il costo medio per kWh, quote fisse comprese, è sceso da 0,28 € a 0,25 €.',
        'Il periodo è più corto di 2 giorni (59 contro 61).',
        'Il totale è sceso di 37,00 €.',
      ],
    ],
    [
      'the same, no price without consumption',
      bill(0, null, 60, 1_000),
      bill(0, null, 60, 1_000),
      ['Hai consumato quanto nell’altra bolletta.', 'I due periodi hanno gli stessi giorni (60).'],
    ],
  ])('%s', (_name, first, second, expected) => {
    expect(differences(first, second).map((s) => s.replace(/\u00a0/g, ' '))).toEqual(expected);
  });
});
