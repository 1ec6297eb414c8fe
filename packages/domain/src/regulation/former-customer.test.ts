import { describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER_AREA_MONTHS, personalArea } from './former-customer';

describe('personalArea', () => {
  it('is current while some contract has not ended', () => {
    expect(personalArea([{ endDate: '2026-09-30' }, { endDate: null }], '2026-11-29')).toEqual({
      state: 'current',
    });
    expect(personalArea([{ endDate: '2026-11-29' }], '2026-11-29')).toEqual({ state: 'current' });
  });

  it('stays open six months after the last end, to the day, then closes', () => {
    expect(FORMER_CUSTOMER_AREA_MONTHS).toBe(6);
    const ended = [{ endDate: '2026-06-30' }, { endDate: '2026-09-30' }];
    expect(personalArea(ended, '2026-11-29')).toEqual({
      state: 'former',
      endedOn: '2026-09-30',
      openUntil: '2027-03-30',
    });
    expect(personalArea(ended, '2027-03-30').state).toBe('former');
    expect(personalArea(ended, '2027-03-31').state).toBe('closed');
  });

  it('counts from a month end that the sixth month does not have', () => {
    expect(personalArea([{ endDate: '2026-08-31' }], '2026-12-01')).toMatchObject({
      openUntil: '2027-02-28',
    });
  });
});
