// Calendar helpers on 'YYYY-MM-DD' strings and Europe/Rome instants. Every instant the seed
// writes is derived from the caller's `today`, never from the clock, so output is reproducible.
import { parseIsoDate, romeWallClock, toIsoDate } from '@sportello/domain';

export { dayOfWeek } from '@sportello/domain';

// A seed touches the same few thousand dates millions of times: memoising the conversions
// between dates and day numbers keeps a 100,000-customer run from parsing dates all day.
const dayNumbers = new Map<string, number>();
const datesByDay = new Map<number, string>();
const MS_PER_DAY = 86_400_000;

function dayNumber(date: string): number {
  let n = dayNumbers.get(date);
  if (n === undefined) {
    const { year, month, day } = parseIsoDate(date);
    n = Date.UTC(year, month - 1, day) / MS_PER_DAY;
    dayNumbers.set(date, n);
  }
  return n;
}

function dateOfDay(n: number): string {
  let date = datesByDay.get(n);
  if (date === undefined) {
    date = new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
    datesByDay.set(n, date);
  }
  return date;
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

const romeInstants = new Map<string, number>();

/** The instant at which the wall clock in Rome shows `date` `hour`:`minute`. */
export function romeInstant(date: string, hour = 0, minute = 0): Date {
  const key = `${date} ${hour} ${minute}`;
  let ms = romeInstants.get(key);
  if (ms === undefined) {
    ms = romeWallClock(date, hour, minute).getTime();
    romeInstants.set(key, ms);
  }
  return new Date(ms);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Adds calendar months, clamping the day (31 Jan + 1 month = 28/29 Feb). */
// By date, then by months: building a "date months" key string per call cost more than the lookup.
const shiftedMonths = new Map<string, Map<number, string>>();

export function addMonths(date: string, months: number): string {
  let byMonths = shiftedMonths.get(date);
  if (!byMonths) shiftedMonths.set(date, (byMonths = new Map()));
  let shifted = byMonths.get(months);
  if (shifted === undefined) {
    shifted = shiftMonths(date, months);
    byMonths.set(months, shifted);
  }
  return shifted;
}

function shiftMonths(date: string, months: number): string {
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
  return addDays(addMonths(monthStart(date), 1), -1);
}

/** 1–12 */
export function monthOf(date: string): number {
  return parseIsoDate(date).month;
}

/** dd/mm/yyyy as printed on Italian bills. */
export function italianDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}
