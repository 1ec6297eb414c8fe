// Italian money and dates (SPEC §9): euros with up to two decimals, dates written out in Italian.
// Grouping always: Italian CLDR would write 1234,56 € but bills write 1.234,56 €.
const money = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
const date = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatCents = (cents: number): string => money.format(cents / 100);

/** `YYYY-MM-DD` as stored, shown as e.g. "5 marzo 2026" whatever the browser's time zone. */
export const formatIsoDate = (isoDate: string): string => date.format(new Date(`${isoDate}T00:00:00Z`));
