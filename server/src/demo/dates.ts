// Calendar helpers on 'YYYY-MM-DD' strings and Europe/Rome instants. Every instant the seed
// writes is derived from the caller's `today`, never from the clock, so output is reproducible.
import { hourInRome, parseIsoDate, toIsoDate } from '@sportello/domain';

export { addDays, dayOfWeek } from '@sportello/domain';

/** The instant at which the wall clock in Rome shows `date` `hour`:`minute`. */
export function romeInstant(date: string, hour = 0, minute = 0): Date {
  const { year, month, day } = parseIsoDate(date);
  // Rome is UTC+1 in winter and UTC+2 in summer; try both and keep the one that reads back right.
  for (const offset of [1, 2]) {
    const candidate = new Date(Date.UTC(year, month - 1, day, hour - offset, minute));
    const rome = hourInRome(candidate);
    if (rome.date === date && rome.hour === hour) return candidate;
  }
  // The hour skipped when clocks go forward: the winter reading is the closest real instant.
  return new Date(Date.UTC(year, month - 1, day, hour - 1, minute));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Adds calendar months, clamping the day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = parseIsoDate(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return toIsoDate({ year: y, month: m, day: Math.min(day, daysInMonth(y, m)) });
}

export function monthStart(date: string): string {
  return `${date.slice(0, 8)}01`;
}

export function monthEnd(date: string): string {
  const { year, month } = parseIsoDate(date);
  return toIsoDate({ year, month, day: daysInMonth(year, month) });
}

/** 1–12 */
export function monthOf(date: string): number {
  return parseIsoDate(date).month;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** dd/mm/yyyy as printed on Italian bills. */
export function italianDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}
