// Wall-clock date and hour in Europe/Rome for a given instant. Business days, tariff bands and
// proposal validity are all defined in Italian local time, whatever zone the host runs in.

const ROME_TIME_ZONE = 'Europe/Rome';

// Built once, on first use: constructing Intl formatters is comparatively expensive (more so with a
// time zone) and they are stateless.
let romeFormatter: Intl.DateTimeFormat | undefined;

export interface RomeHour {
  /** YYYY-MM-DD in Europe/Rome */
  date: string;
  /** 0–23 in Europe/Rome */
  hour: number;
}

export function hourInRome(instant: Date): RomeHour {
  romeFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: ROME_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  const parts = romeFormatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')),
  };
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
