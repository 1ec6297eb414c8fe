// Wall-clock date and hour in Europe/Rome for a given instant. Business days, tariff bands and
// proposal validity are all defined in Italian local time, whatever zone the host runs in.

const ROME_TIME_ZONE = 'Europe/Rome';

// Built once: constructing Intl formatters is comparatively expensive and they are stateless.
const romeFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: ROME_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

export interface RomeHour {
  /** YYYY-MM-DD in Europe/Rome */
  date: string;
  /** 0–23 in Europe/Rome */
  hour: number;
}

export function hourInRome(instant: Date): RomeHour {
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
