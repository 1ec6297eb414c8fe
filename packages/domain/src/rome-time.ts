// Wall-clock date and hour in Europe/Rome for a given instant. Business days, tariff bands and
// proposal validity are all defined in Italian local time, whatever zone the host runs in.

const ROME_TIME_ZONE = 'Europe/Rome';
const MS_PER_DAY = 86_400_000;

// Built once, on first use: constructing Intl formatters is comparatively expensive (more so with a
// time zone) and they are stateless.
let romeFormatter: Intl.DateTimeFormat | undefined;

export interface RomeHour {
  /** YYYY-MM-DD in Europe/Rome */
  date: string;
  /** 0–23 in Europe/Rome */
  hour: number;
}

/** The wall clock in Rome at `ms`, read from Intl (the time zone database): exact, but slow. */
function romeWallClockMs(ms: number): number {
  romeFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: ROME_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = romeFormatter.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall + (((ms % 1000) + 1000) % 1000);
}

/**
 * Rome's offset from UTC (ms) through a whole UTC day (days since 1970), or null on a day the clocks
 * change. Read from Intl once a day, at the day's first and last millisecond: a consumption chart
 * converts thousands of instants, and Intl's formatToParts for each was most of its CPU (ADR 071).
 * One entry per day ever asked about: a few thousand at most, the days the data spans.
 */
const offsetByDay = new Map<number, number | null>();
function offsetThroughDay(day: number): number | null {
  let offset = offsetByDay.get(day);
  if (offset === undefined) {
    const first = day * MS_PER_DAY;
    const last = first + MS_PER_DAY - 1;
    const atFirst = romeWallClockMs(first) - first;
    offset = romeWallClockMs(last) - last === atFirst ? atFirst : null;
    offsetByDay.set(day, offset);
  }
  return offset;
}

export function hourInRome(instant: Date): RomeHour {
  const ms = instant.getTime();
  const offset = offsetThroughDay(Math.floor(ms / MS_PER_DAY));
  // The wall clock as a UTC date: its UTC fields are Rome's.
  const wall = new Date(offset === null ? romeWallClockMs(ms) : ms + offset);
  return { date: wall.toISOString().slice(0, 10), hour: wall.getUTCHours() };
}

export function todayInRome(now: Date): string {
  return hourInRome(now).date;
}

/** The instant at which the wall clock in Rome shows `date` `hour`:`minute`. */
export function romeWallClock(date: string, hour = 0, minute = 0): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  // Rome is UTC+1 in winter and UTC+2 in summer; try both and keep the one that reads back right.
  for (const offset of [1, 2]) {
    const candidate = new Date(Date.UTC(year, month - 1, day, hour - offset, minute));
    const rome = hourInRome(candidate);
    if (rome.date === date && rome.hour === hour) return candidate;
  }
  // The hour skipped when clocks go forward: the winter reading is the closest real instant.
  return new Date(Date.UTC(year, month - 1, day, hour - 1, minute));
}
