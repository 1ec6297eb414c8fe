// Italian national public holidays, which count as F3 for electricity tariff bands.

import { addDays, toIsoDate } from './iso-date';

/** Gregorian Easter Sunday (anonymous Gregorian / Meeus–Jones–Butcher algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toIsoDate({ year, month, day });
}

// Month-day of the fixed national holidays (L. 260/1949 and later amendments).
const FIXED_HOLIDAYS = [
  '01-01', // Capodanno
  '01-06', // Epifania
  '04-25', // Liberazione
  '05-01', // Festa del lavoro
  '06-02', // Festa della Repubblica
  '08-15', // Ferragosto
  '11-01', // Ognissanti
  '12-08', // Immacolata
  '12-25', // Natale
  '12-26', // Santo Stefano
];

/**
 * All national holidays of the year as sorted, distinct YYYY-MM-DD, Easter Monday included.
 * Easter Monday can fall on 25 April (e.g. 2011), hence the de-duplication.
 */
export function italianHolidays(year: number): string[] {
  const yyyy = String(year).padStart(4, '0');
  const easterMonday = addDays(easterSunday(year), 1);
  const dates = new Set([...FIXED_HOLIDAYS.map((monthDay) => `${yyyy}-${monthDay}`), easterMonday]);
  return [...dates].sort();
}
