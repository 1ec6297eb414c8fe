// Italian display formatting for money and calendar dates (spec §9: Euro, Italian format).

import { centsToEuro } from './money';
import { parseIsoDate } from './iso-date';

// Each formatter is built on its first use, then kept: Intl formatters are stateless but costly to
// build (the three of them took 34-44 ms in one task under a phone's throttling), and a
// page should pay only for those it formats with, inside the render that needs them.
let euroFormatter: Intl.NumberFormat | undefined;
let signedEuroFormatter: Intl.NumberFormat | undefined;
let longDateFormatter: Intl.DateTimeFormat | undefined;
let romeDateTimeFormatter: Intl.DateTimeFormat | undefined;

/** "1.234,56 €" — note Intl separates the symbol with a non-breaking space (U+00A0). */
export function formatEuro(cents: number): string {
  // 'always' grouping: Italian CLDR data only groups from 5 digits, which would print "1234,56 €".
  euroFormatter ??= new Intl.NumberFormat('it-IT', {
    style: 'currency',
    currency: 'EUR',
    useGrouping: 'always',
  });
  return euroFormatter.format(centsToEuro(cents));
}

/** "+42,17 €", "-3,05 €", "0,00 €": a difference between two amounts always says its direction. */
export function formatSignedEuro(cents: number): string {
  signedEuroFormatter ??= new Intl.NumberFormat('it-IT', {
    style: 'currency',
    currency: 'EUR',
    signDisplay: 'exceptZero',
    useGrouping: 'always',
  });
  return signedEuroFormatter.format(centsToEuro(cents));
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
  // Formatted in UTC against a UTC midnight so the host time zone can never move the day.
  longDateFormatter ??= new Intl.DateTimeFormat('it-IT', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return longDateFormatter.format(Date.UTC(year, month - 1, day));
}

/** An instant in Rome's time: "27 novembre 2026 alle ore 14:05". */
export function formatDateTimeRome(instant: Date | string): string {
  // As a person in Italy reads it, whatever the host's time zone.
  romeDateTimeFormatter ??= new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return romeDateTimeFormatter.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** The article or preposition that elides before a number said with a vowel ("otto", "undici"). */
const ELIDED: Readonly<Record<string, string>> = {
  il: 'l’',
  Il: 'L’',
  del: 'dell’',
  al: 'all’',
  dal: 'dall’',
  nel: 'nell’',
  sul: 'sull’',
};

/**
 * Italian elision before a number that starts with a vowel sound (8, 08, 11, 80–89, 800…): a text
 * built as "scade il {date}" reads "scade l’11 ottobre", never "il 11 ottobre". Every text that
 * puts a date or number after an article passes through here once, after its values are filled.
 */
export function elideBeforeNumbers(text: string): string {
  return text.replace(
    /\b(il|Il|del|al|dal|nel|sul) (?=(?:0?8|11)(?!\d)|8\d)/g,
    (_match, article: string) => ELIDED[article] ?? `${article} `,
  );
}

/**
 * A download's file name from the document's title, as a person would save it:
 * "Bolletta n. 2026/SGA/00000014 del 23 settembre 2026" → "Bolletta n. 2026-SGA-00000014 del 23
 * settembre 2026.pdf", never a database key. Characters no file system takes become "-".
 */
export function documentFileName(title: string, extension = 'pdf'): string {
  const name = title
    .replace(/[\\/:*?"<>|]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return `${name || 'documento'}.${extension}`;
}
