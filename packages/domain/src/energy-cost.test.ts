import { describe, expect, it } from 'vitest';
import { averagePunByBand, energyCents, psvPerThousandSmc } from './energy-cost';

describe('energyCents', () => {
  it('prices a fixed offer per unit, rounded once to the cent, half up', () => {
    // 312 kWh at 0,118 €/kWh = 36,816 €.
    expect(energyCents({ milliUnits: 312_000, milliUnitsTimesIndex: 0 }, 118)).toBe(3682);
    // 25 kWh at 0,123 €/kWh = 3,075 €: the half cent goes up, with no binary fraction in the way.
    expect(energyCents({ milliUnits: 25_000, milliUnitsTimesIndex: 0 }, 123)).toBe(308);
  });

  it('adds the index part: hours at their PUN plus the spread', () => {
    // 1 kWh at 120 €/MWh and 2 kWh at 90 €/MWh, plus 0,012 €/kWh: 0,12 + 0,18 + 0,036 = 0,336 €.
    const usage = { milliUnits: 3000, milliUnitsTimesIndex: 1000 * 120_000 + 2000 * 90_000 };
    expect(energyCents(usage, 12)).toBe(34);
  });

  it('prices gas at the month’s PSV per Smc plus the spread', () => {
    // 40 €/MWh × 10,7 MWh per thousand Smc = 0,428 €/Smc; 50 Smc at 0,428 + 0,095 = 26,15 €.
    const index = psvPerThousandSmc(40_000);
    expect(index).toBe(428_000);
    expect(energyCents({ milliUnits: 50_000, milliUnitsTimesIndex: 50_000 * index }, 95)).toBe(2615);
  });
});

describe('averagePunByBand', () => {
  it('averages each band, F2 and F3 together, and every hour, to whole thousandths', () => {
    const averages = averagePunByBand([
      { band: 'F1', price: 100_000 },
      { band: 'F1', price: 101_001 },
      { band: 'F2', price: 90_000 },
      { band: 'F3', price: 80_000 },
    ]);
    expect(averages).toEqual({ F1: 100_501, F2: 90_000, F3: 80_000, F23: 85_000, TOT: 92_750 });
  });
});
