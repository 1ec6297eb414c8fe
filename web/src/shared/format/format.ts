// The web's one way to write money, dates and numbers (SPEC §9: euros with up to two decimals,
// dates written out in Italian), so every page shows them alike. Money and calendar dates use
// the domain's Intl formatters; an instant is shown as its calendar day in Rome.
import { formatDateLong, formatEuro, normalizePhone, todayInRome } from '@sportello/domain';

// Built on first use, then kept, like the domain's (its format.ts says why): the first Intl
// formatter a page builds also loads the locale's data, a long task when a module builds it.
let number: Intl.NumberFormat | undefined;
let percent: Intl.NumberFormat | undefined;
let unitPriceFormatter: Intl.NumberFormat | undefined;
/** Prices per kWh or Smc (and tariff items) need more than the cents of an amount. */
const unitPrice = () =>
  (unitPriceFormatter ??= new Intl.NumberFormat('it-IT', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }));

/** 123456 → "1.234,56 €" */
export const formatCents = (cents: number): string => formatEuro(cents);

/** Unit prices in thousandths of a euro (tariffs): 123 → "0,123 €"; money amounts use cents. */
export const formatMilliEuro = (milliEuro: number): string => unitPrice().format(milliEuro / 1000);

/** `YYYY-MM-DD` as stored → "5 marzo 2026", whatever the browser's time zone. */
export const formatIsoDate = (isoDate: string): string => formatDateLong(isoDate);

/** An ISO instant → the day it fell on in Italy, e.g. "5 marzo 2026". */
export const formatInstantDate = (instant: string): string => formatDateLong(todayInRome(new Date(instant)));

/** 1234.5 → "1.234,5" (technical data: powers, consumption). */
export function formatNumber(value: number): string {
  number ??= new Intl.NumberFormat('it-IT', { maximumFractionDigits: 5, useGrouping: 'always' });
  return number.format(value);
}

/** A share, 0.125 → "13%" (whole percents: enough to say how much something moved). */
export function formatPercent(share: number): string {
  percent ??= new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 0 });
  return percent.format(share);
}

/** A price per unit given in cents with decimals, 12.3456 → "0,1235 €" (up to four decimals of a euro). */
export const formatUnitPrice = (cents: number): string => unitPrice().format(cents / 100);

/** The subscriber digits after the prefix: the last four together ('987 6543'), or 3 + 3. */
const subscriber = (digits: string) =>
  digits.length >= 7
    ? `${digits.slice(0, -4)} ${digits.slice(-4)}`
    : digits.length === 6
      ? `${digits.slice(0, 3)} ${digits.slice(3)}`
      : digits;

/**
 * A phone number as Italians write it: '+393339876543' → '+39 333 987 6543', '0612345678' →
 * '06 1234 5678' (Rome and Milan have two-digit area codes, most others three). Anything that is
 * not an Italian number shows as stored.
 */
export function formatPhone(phone: string): string {
  const match = /^(\+39|0039)?(\d{6,11})$/.exec(normalizePhone(phone));
  if (!match) return phone;
  const [, international, national = ''] = match;
  const prefix = national.startsWith('3') || !/^0[26]/.test(national) ? 3 : 2;
  return `${international ? '+39 ' : ''}${national.slice(0, prefix)} ${subscriber(national.slice(prefix))}`;
}
