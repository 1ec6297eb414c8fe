// The readings of a chosen period as an Italian spreadsheet CSV: semicolons, one
// column per register (named as on the page), the date, who read the meter; the rows shown, oldest first.
import type { erpMetering } from '@sportello/contract';
import { registerName } from '@sportello/domain';

/** The readings within [from, to] (Rome dates, both included), newest first as the call answers. */
export const readingsBetween = (readings: readonly erpMetering.Reading[], from: string, to: string) =>
  readings.filter((r) => r.readingDate >= from && r.readingDate <= to);

const cell = (value: string) => (/[;"\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function readingsCsv(
  readings: readonly erpMetering.Reading[],
  sourceName: (source: erpMetering.Reading['source']) => string,
): string {
  const registers = [...new Set(readings.flatMap((r) => Object.keys(r.values)))];
  const header = ['Data', ...registers.map(registerName), 'Rilevata da'];
  const rows = [...readings]
    .sort((a, b) => a.readingDate.localeCompare(b.readingDate))
    .map((r) => [
      r.readingDate,
      ...registers.map((reg) => (r.values[reg] === undefined ? '' : String(r.values[reg]))),
      sourceName(r.source),
    ]);
  return [header, ...rows].map((line) => line.map(cell).join(';')).join('\r\n') + '\r\n';
}
