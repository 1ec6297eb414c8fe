// Reads the street file ('stradario') of ANNCSU, the national archive of streets and civic numbers
// kept by ISTAT and the Agenzia delle Entrate, as its open-data portal publishes it: one street a
// line, semicolon separated, with the town's codes, the street type (DUG, 'VIA') and the official
// name ('DEL CORSO'). Columns are found by header name, in any order; the names below are the
// ANNCSU field names, with the spellings seen in its extracts.
import { readFile } from 'node:fs/promises';
import { decodeCsv, parseSemicolonCsv } from './istat-csv.js';
import { streetDisplayName } from './street-name.js';

/** A street of the file: its town (ISTAT code, or the cadastral code when the file has no ISTAT one). */
export interface AnncsuStreet {
  town: { istatCode: string } | { belfioreCode: string };
  name: string;
}

const COLUMNS = {
  istatCode: ['codice_istat', 'cod_istat', 'codice istat', 'codistat'],
  belfioreCode: ['codice_comune', 'codice_catastale', 'codcom', 'cod_comune'],
  dug: ['dug'],
  name: ['denom_uff', 'denominazione_ufficiale', 'denom_completa', 'denominazione', 'odonimo', 'duf'],
} as const;

const normaliseHeader = (header: string) => header.replace(/\s+/g, ' ').trim().toLowerCase();

function columnIndex(headers: string[], names: readonly string[]): number {
  for (const name of names) {
    const i = headers.indexOf(name);
    if (i >= 0) return i;
  }
  return -1;
}

export function streetsFromAnncsuCsv(text: string): AnncsuStreet[] {
  const [header, ...rows] = parseSemicolonCsv(text);
  if (!header) throw new Error('ANNCSU CSV is empty');
  const headers = header.map(normaliseHeader);
  const at = {
    istatCode: columnIndex(headers, COLUMNS.istatCode),
    belfioreCode: columnIndex(headers, COLUMNS.belfioreCode),
    dug: columnIndex(headers, COLUMNS.dug),
    name: columnIndex(headers, COLUMNS.name),
  };
  if (at.name < 0) throw new Error(`ANNCSU CSV: no street name column (${COLUMNS.name.join(', ')})`);
  if (at.istatCode < 0 && at.belfioreCode < 0) {
    throw new Error(
      `ANNCSU CSV: no town column (${[...COLUMNS.istatCode, ...COLUMNS.belfioreCode].join(', ')})`,
    );
  }
  const cell = (row: string[], i: number) => (i < 0 ? '' : (row[i] ?? '').trim());
  const streets: AnncsuStreet[] = [];
  for (const row of rows) {
    const dug = cell(row, at.dug);
    const official = cell(row, at.name);
    if (!official) continue;
    // Some extracts repeat the type in the name ('VIA DEL CORSO' under DUG 'VIA').
    const repeatsType = dug && official.toUpperCase().startsWith(`${dug.toUpperCase()} `);
    const name = streetDisplayName(dug && !repeatsType ? `${dug} ${official}` : official);
    const istatCode = cell(row, at.istatCode);
    const belfioreCode = cell(row, at.belfioreCode).toUpperCase();
    // A spreadsheet round trip drops the leading zeros of "058091".
    if (/^\d{1,6}$/.test(istatCode)) streets.push({ town: { istatCode: istatCode.padStart(6, '0') }, name });
    else if (belfioreCode) streets.push({ town: { belfioreCode }, name });
  }
  return streets;
}

export async function readAnncsuCsv(path: string): Promise<AnncsuStreet[]> {
  return streetsFromAnncsuCsv(decodeCsv(await readFile(path)));
}
