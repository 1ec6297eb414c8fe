// Calendar dates as 'YYYY-MM-DD' strings: parsing, validation and day arithmetic.
// All arithmetic runs in UTC so a date never shifts because of the host's time zone;
// ISO strings of this shape also compare correctly with plain < and >.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

function tryParseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  // Round-trip through Date.UTC to reject impossible days such as 2026-02-30.
  const check = new Date(Date.UTC(year, month - 1, day));
  const isReal =
    check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  return isReal ? { year, month, day } : null;
}

export function isIsoDate(value: string): boolean {
  return tryParseIsoDate(value) !== null;
}

/** Parses a real calendar date; throws RangeError on anything else so bad data fails loudly. */
export function parseIsoDate(value: string): CalendarDate {
  const parsed = tryParseIsoDate(value);
  if (!parsed) throw new RangeError(`Invalid ISO date: ${value}`);
  return parsed;
}

export function toIsoDate({ year, month, day }: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function toUtcMs(isoDate: string): number {
  const { year, month, day } = parseIsoDate(isoDate);
  return Date.UTC(year, month - 1, day);
}

/** Adds (or with a negative count subtracts) whole days, crossing months and years. */
export function addDays(isoDate: string, days: number): string {
  const shifted = new Date(toUtcMs(isoDate) + days * MS_PER_DAY);
  return toIsoDate({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

/** The same day `months` later, the month's last day when it has no such day (31 → 30/28). */
export function addMonths(isoDate: string, months: number): string {
  const { year, month, day } = parseIsoDate(isoDate);
  const index = year * 12 + (month - 1) + months;
  const target = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  const lastDay = new Date(Date.UTC(target.year, target.month, 0)).getUTCDate();
  return toIsoDate({ ...target, day: Math.min(day, lastDay) });
}

/** 0 = Sunday … 6 = Saturday, as Date#getDay. */
export function dayOfWeek(isoDate: string): number {
  return new Date(toUtcMs(isoDate)).getUTCDay();
}

/** Whole days from `from` to `to`: positive when `to` is later, negative when earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY);
}
