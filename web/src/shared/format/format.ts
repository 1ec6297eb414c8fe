// The web's one way to write money, dates and numbers (SPEC §9: euros with up to two decimals,
// dates written out in Italian), so every page shows them alike. Money and calendar dates use
// the domain's Intl formatters; an instant is shown as its calendar day in Rome.
import { formatDateLong, formatEuro, todayInRome } from '@sportello/domain';

const number = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 5, useGrouping: 'always' });

/** 123456 → "1.234,56 €" */
export const formatCents = (cents: number): string => formatEuro(cents);

/** `YYYY-MM-DD` as stored → "5 marzo 2026", whatever the browser's time zone. */
export const formatIsoDate = (isoDate: string): string => formatDateLong(isoDate);

/** An ISO instant → the day it fell on in Italy, e.g. "5 marzo 2026". */
export const formatInstantDate = (instant: string): string => formatDateLong(todayInRome(new Date(instant)));

/** 1234.5 → "1.234,5" (technical data: powers, consumption). */
export const formatNumber = (value: number): string => number.format(value);
