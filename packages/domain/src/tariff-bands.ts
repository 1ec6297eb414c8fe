// Electricity time-of-use bands (ARERA fasce orarie, spec §9). Hours are local Italian hours,
// obtain them from an instant with hourInRome.

import { dayOfWeek, parseIsoDate } from './iso-date';
import { bandHolidays } from './regulation/holidays';
import type { RomeHour } from './rome-time';

export type TariffBand = 'F1' | 'F2' | 'F3';
/** Bi-hourly contracts only distinguish peak (F1) from everything else (F23). */
export type BiHourlyBand = 'F1' | 'F23';

const SUNDAY = 0;
const SATURDAY = 6;

/**
 * F1 Mon–Fri 08–19; F2 Mon–Fri 07–08 and 19–23, Saturday 07–23; F3 23–07, Sundays and the holidays
 * of ARERA's list (regulation/holidays.ts: ARERA's list, not the law's).
 * `hour` is the hour starting at hh:00, so "8–19" means hours 8..18.
 */
export function tariffBand({ date, hour }: RomeHour): TariffBand {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`Invalid hour: ${hour}`);
  const weekday = dayOfWeek(date);
  if (weekday === SUNDAY || bandHolidays(parseIsoDate(date).year).includes(date)) return 'F3';
  if (hour < 7 || hour === 23) return 'F3';
  if (weekday === SATURDAY) return 'F2';
  return hour >= 8 && hour <= 18 ? 'F1' : 'F2';
}

export function mergeBiHourly(band: TariffBand): BiHourlyBand {
  return band === 'F1' ? 'F1' : 'F23';
}
