// Reads ISTAT's "Elenco comuni italiani" CSV (semicolon separated, Windows-1252 or UTF-8).
import { readFile } from 'node:fs/promises';
import { parseDelimited } from '../delimited.js';
import type { TownRow } from './town-row.js';

/** The columns we need, matched by the start of the header so ISTAT's footnote marks do not matter. */
const COLUMNS = {
  istatCode: 'codice comune formato alfanumerico',
  name: 'denominazione in italiano',
  province: 'sigla automobilistica',
  belfioreCode: 'codice catastale del comune',
  region: 'denominazione regione',
} as const;

type Column = keyof typeof COLUMNS;

/** ISTAT has published the file in both encodings; invalid UTF-8 means it is the Windows one. */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Semicolon-separated records, honouring double quotes (headers contain quoted newlines); blank ones left out. */
export const parseSemicolonCsv = (text: string): string[][] =>
  parseDelimited(text, ';').filter((record) => record.some((f) => f.trim() !== ''));

const normaliseHeader = (h: string) => h.replace(/\s+/g, ' ').trim().toLowerCase();

/** Towns from the CSV text; postal codes are empty because ISTAT does not publish them. */
export function townsFromIstatCsv(text: string): TownRow[] {
  const [header, ...rows] = parseSemicolonCsv(text);
  if (!header) throw new Error('ISTAT CSV is empty');
  const headers = header.map(normaliseHeader);
  const index = {} as Record<Column, number>;
  for (const [column, prefix] of Object.entries(COLUMNS) as [Column, string][]) {
    const i = headers.findIndex((h) => h.startsWith(prefix));
    if (i < 0) throw new Error(`ISTAT CSV: column "${prefix}" not found`);
    index[column] = i;
  }
  const cell = (row: string[], column: Column) => (row[index[column]] ?? '').trim();
  return rows
    .filter((row) => cell(row, 'istatCode') !== '')
    .map((row) => ({
      // A spreadsheet round trip drops the leading zeros of "001001".
      istatCode: cell(row, 'istatCode').padStart(6, '0'),
      name: cell(row, 'name'),
      province: cell(row, 'province').toUpperCase(),
      region: cell(row, 'region'),
      belfioreCode: cell(row, 'belfioreCode').toUpperCase(),
      postalCodes: [],
    }));
}

export async function readIstatCsv(path: string): Promise<TownRow[]> {
  return townsFromIstatCsv(decodeCsv(await readFile(path)));
}
