// The Italian holiday calendar as dated data, with its legal source beside each day (ADR 032).
// Two lists hang on it: the national holidays (L. 27 maggio 1949 n. 260, art. 2, as amended) and the
// days ARERA's F1/F2/F3 bands count as holidays, i.e. wholly F3 (delibera 181/06, note to table 1:
// an explicit list of days, not a reference to the law). They differ when the law adds a day that
// ARERA's list does not name yet: 17 March 2011 was a national holiday billed in F1/F2, and so is
// 4 October until ARERA adds it. A change of either list is one line here.

import { addDays, toIsoDate } from '../iso-date';

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

const EASTER_MONDAY = 'easter-monday';

export interface HolidayRule {
  name: string;
  /** Month-day `MM-DD`, or Easter Monday, computed for each year. */
  on: string;
  /** First day it is a national holiday. The portal holds no data before 2007, so older history is not kept. */
  nationalFrom: string;
  /** First day ARERA's band list counts it as F3; null while that list does not name it. */
  bandF3From: string | null;
  source: string;
}

// 1 January 2007: delibera 181/06 (bands in force from that day) and the calendar as it stood then.
const SINCE_BANDS = '2007-01-01';
const LAW_260_1949 = 'L. 260/1949 art. 2; ARERA delibera 181/06, nota alla tabella 1';

export const HOLIDAY_RULES: readonly HolidayRule[] = [
  {
    name: 'Capodanno',
    on: '01-01',
    nationalFrom: SINCE_BANDS,
    bandF3From: SINCE_BANDS,
    source: LAW_260_1949,
  },
  { name: 'Epifania', on: '01-06', nationalFrom: SINCE_BANDS, bandF3From: SINCE_BANDS, source: LAW_260_1949 },
  {
    name: "Lunedì dell'Angelo",
    on: EASTER_MONDAY,
    nationalFrom: SINCE_BANDS,
    bandF3From: SINCE_BANDS,
    source: LAW_260_1949,
  },
  {
    name: 'Liberazione',
    on: '04-25',
    nationalFrom: SINCE_BANDS,
    bandF3From: SINCE_BANDS,
    source: LAW_260_1949,
  },
  {
    name: 'Festa del lavoro',
    on: '05-01',
    nationalFrom: SINCE_BANDS,
    bandF3From: SINCE_BANDS,
    source: LAW_260_1949,
  },
  {
    name: 'Festa della Repubblica',
    on: '06-02',
    nationalFrom: SINCE_BANDS,
    bandF3From: SINCE_BANDS,
    source: LAW_260_1949,
  },
  {
    name: 'Ferragosto',
    on: '08-15',
    nationalFrom: SINCE_BANDS,
    bandF3From: SINCE_BANDS,
    source: LAW_260_1949,
  },
  {
    name: "San Francesco d'Assisi",
    on: '10-04',
    nationalFrom: '2026-01-01',
    // Not in ARERA's list as of November 2026; the day ARERA adds it goes here.
    bandF3From: null,
    source: 'L. 8 ottobre 2025 n. 151 (in vigore dal 1° gennaio 2026), art. 1',
  },
  {
    name: 'Ognissanti',
    on: '11-01',
    nationalFrom: SINCE_BANDS,
    bandF3From: SINCE_BANDS,
    source: LAW_260_1949,
  },
  {
    name: 'Immacolata',
    on: '12-08',
    nationalFrom: SINCE_BANDS,
    bandF3From: SINCE_BANDS,
    source: LAW_260_1949,
  },
  { name: 'Natale', on: '12-25', nationalFrom: SINCE_BANDS, bandF3From: SINCE_BANDS, source: LAW_260_1949 },
  {
    name: 'Santo Stefano',
    on: '12-26',
    nationalFrom: SINCE_BANDS,
    bandF3From: SINCE_BANDS,
    source: LAW_260_1949,
  },
];

function datesOf(
  year: number,
  inForce: (rule: HolidayRule, date: string) => boolean,
  rules: readonly HolidayRule[],
) {
  const yyyy = String(year).padStart(4, '0');
  const dates = rules
    .map((rule) => ({
      rule,
      date: rule.on === EASTER_MONDAY ? addDays(easterSunday(year), 1) : `${yyyy}-${rule.on}`,
    }))
    .filter(({ rule, date }) => inForce(rule, date))
    .map(({ date }) => date);
  // Easter Monday can fall on 25 April (2011), hence the de-duplication.
  return [...new Set(dates)].sort();
}

/** The national holidays of the year (sorted, distinct YYYY-MM-DD), each from the day the law made it one. */
export function nationalHolidays(year: number, rules: readonly HolidayRule[] = HOLIDAY_RULES): string[] {
  return datesOf(year, (rule, date) => date >= rule.nationalFrom, rules);
}

/** The days of the year the ARERA bands count as holidays (wholly F3), from the day ARERA's list names each. */
export function bandHolidays(year: number, rules: readonly HolidayRule[] = HOLIDAY_RULES): string[] {
  return datesOf(year, (rule, date) => rule.bandF3From !== null && date >= rule.bandF3From, rules);
}
