// The archive's files (ADR 039): each section as JSON (as the API answers it) and as a CSV for a
// spreadsheet (semicolons, nested fields flattened to columns headed in Italian: csv-columns.ts), the
// bills' PDFs, and a README
// in Italian. The ZIP is streamed by fflate, one file after another: only the compressed output and
// the section in hand are in memory, and text is deflated on fflate's worker threads, not the one
// that answers requests.
import { AsyncZipDeflate, Zip, ZipPassThrough } from 'fflate';
import { cellText, columnLabel } from './csv-columns.js';
import type { Row } from './sections.js';

/** Nested objects become dotted columns; arrays stay JSON in one cell. */
function flatten(value: unknown, prefix: string, into: Record<string, string>) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  into[prefix] = cellText(prefix, value);
}

/** A number and nothing else (`-12`, `+3.5`, `-0,75`): a spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * A cell for a spreadsheet: quoted when it holds a separator, a quote or a line break, and a text
 * that a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) starts
 * with an apostrophe, unless it is a plain number: `-2+3+cmd|' /C calc'!A0` starts with a digit
 * after its minus and is still a formula.
 */
function cell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Italian spreadsheet CSV of the rows: one column per field any row has, in first-seen order. */
export function toCsv(rows: readonly Row[]): string {
  const flat = rows.map((row) => {
    const into: Record<string, string> = {};
    flatten(row, '', into);
    return into;
  });
  const columns = [...new Set(flat.flatMap((row) => Object.keys(row)))];
  const lines = [
    // A field the labels miss keeps its API name rather than lose its column (the test names it).
    columns.map((c) => cell(columnLabel(c) ?? c)).join(';'),
    ...flat.map((row) => columns.map((c) => cell(row[c] ?? '')).join(';')),
  ];
  // The BOM makes spreadsheets read the file as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * Lets the requests waiting on this process run: the archive is built in the process that serves
 * them (ADR 014), so a long build yields between its steps instead of holding the event loop.
 */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A ZIP written file by file; `finish` answers the whole archive. */
export function createZipWriter() {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else chunks.push(chunk);
    if (final || err) done();
  });
  const mtime = new Date();
  return {
    /** Text files are deflated; PDFs, compressed already, are stored as they are. */
    add(path: string, data: string | Buffer) {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      const file =
        typeof data === 'string' ? new AsyncZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
      file.mtime = mtime;
      zip.add(file);
      file.push(bytes, true);
    },
    async finish(): Promise<Buffer> {
      zip.end();
      await finished;
      if (failure) throw failure;
      return Buffer.concat(chunks);
    },
  };
}
