// Italian display formatting for money and calendar dates (spec §9: Euro, Italian format).

import { centsToEuro } from './money';
import { parseIsoDate } from './iso-date';
import { onFirstUse } from './on-first-use';

// 'always' grouping: Italian CLDR data only groups from 5 digits, which would print "1234,56 €".
const euroFormatter = onFirstUse(
  () => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' }),
);

// Formatted in UTC against a UTC midnight so the host time zone can never move the day.
const longDateFormatter = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

// An instant as a person in Italy reads it, whatever the host's time zone.
const romeDateTimeFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', {
      timeZone: 'Europe/Rome',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** "1.234,56 €" — note Intl separates the symbol with a non-breaking space (U+00A0). */
export function formatEuro(cents: number): string {
  return euroFormatter().format(centsToEuro(cents));
}

/** "2026-11-21" → "21/11/2026" */
export function formatDate(isoDate: string): string {
  parseIsoDate(isoDate); // rejects bad input; a valid string is already zero-padded
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** "2026-11-21" → "21 novembre 2026" */
export function formatDateLong(isoDate: string): string {
  const { year, month, day } = parseIsoDate(isoDate);
  return longDateFormatter().format(Date.UTC(year, month - 1, day));
}

/** An instant in Rome's time: "27 novembre 2026 alle ore 14:05". */
export function formatDateTimeRome(instant: Date | string): string {
  return romeDateTimeFormatter().format(typeof instant === 'string' ? new Date(instant) : instant);
}
