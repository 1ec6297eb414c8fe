// The initial load's CSV reading: RFC 4180 as spreadsheets write it (quoted line breaks, quotes, a
// byte order mark, \r\n), records numbered by the line they start on.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CsvError, csvRecordLines } from './csv.js';

const HEADER = 'extKey,version,customerCode,customerType,name,email';

async function records(kind: 'customers' | 'bills', chunks: readonly (string | Buffer)[]) {
  const out = [];
  for await (const { line, text } of csvRecordLines(kind, Readable.from(chunks)))
    out.push({ line, record: JSON.parse(text) as Record<string, unknown> });
  return out;
}

describe('csvRecordLines', () => {
  it('reads a quoted line break, quotes, commas, a byte order mark and \\r\\n, numbering records by their first line', async () => {
    const file = Buffer.from(
      [
        `\uFEFF${HEADER}`,
        'C-1,1,L-1,company,"Bar ""Sole"", Milano\r\nsede legale",bar@example.it',
        '',
        'C-2,1,L-2,private,Rossi,',
        'C-3,1,L-3,private,"Verdi\nGiulia",',
      ].join('\r\n'),
    );
    // Chunks that split the byte order mark, a quoted field and a line ending, as a file stream may.
    const chunks = [file.subarray(0, 2), file.subarray(2, 70), file.subarray(70, 71), file.subarray(71)];
    expect(await records('customers', chunks)).toEqual([
      {
        line: 2,
        record: {
          extKey: 'C-1',
          version: 1,
          customerCode: 'L-1',
          customerType: 'company',
          name: 'Bar "Sole", Milano\r\nsede legale',
          email: 'bar@example.it',
        },
      },
      {
        line: 5,
        record: { extKey: 'C-2', version: 1, customerCode: 'L-2', customerType: 'private', name: 'Rossi' },
      },
      {
        line: 6,
        record: {
          extKey: 'C-3',
          version: 1,
          customerCode: 'L-3',
          customerType: 'private',
          name: 'Verdi\nGiulia',
        },
      },
    ]);
  });

  it('refuses text that is not CSV with the line it fails on', async () => {
    await expect(records('customers', [`${HEADER}\nC-1,1,L-1,private,"Rossi,\n`])).rejects.toThrow(CsvError);
    await expect(records('customers', [`${HEADER}\nC-1,1,L-1,private,Ro"ss"i,\n`])).rejects.toThrow(
      /^line 2: /,
    );
  });
});
