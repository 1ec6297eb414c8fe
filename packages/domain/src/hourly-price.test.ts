import { describe, it, expect } from 'vitest';
import { cheapestHours, isHourlyPriceSupply } from './hourly-price';

describe('isHourlyPriceSupply', () => {
  it.each<[string | null, { fullCapacityStartDate: string | null } | null, boolean]>([
    ['Orario', { fullCapacityStartDate: '2026-11-20' }, true], // yesterday
    ['Orario', { fullCapacityStartDate: '2024-01-01' }, true],
    ['Orario', { fullCapacityStartDate: '2026-11-21' }, false], // today is not in the past
    ['Orario', { fullCapacityStartDate: '2026-12-01' }, false],
    ['Orario', { fullCapacityStartDate: null }, false],
    ['Orario', null, false],
    ['Fisso', { fullCapacityStartDate: '2024-01-01' }, false],
    ['orario', { fullCapacityStartDate: '2024-01-01' }, false], // codes are case-sensitive
    [null, { fullCapacityStartDate: '2024-01-01' }, false],
  ])('priceType %j, meter group %o → %s', (priceType, meterGroup, expected) => {
    expect(isHourlyPriceSupply({ priceType }, meterGroup, '2026-11-21')).toBe(expected);
  });
});

describe('cheapestHours', () => {
  it('answers the lowest-priced hours, cheapest first, the earlier hour on a tie', () => {
    const prices = [
      { hour: 0, price: 90 },
      { hour: 1, price: 80 },
      { hour: 2, price: 80 },
      { hour: 13, price: 40 },
      { hour: 20, price: 150 },
    ];
    expect(cheapestHours(prices)).toEqual([13, 1, 2]);
    expect(cheapestHours(prices, 1)).toEqual([13]);
    expect(cheapestHours([])).toEqual([]);
  });
});
