// Delimited text (CSV and its semicolon cousin): the field parser of the ISTAT and ANNCSU files
// (towns/), read whole. Fields may be double-quoted,
// `""` standing for a quote; a quoted field may hold the delimiter and line breaks.

/** The records of a text, each its fields; a record ends at a line break outside quotes (\n, \r\n, \r). */
export function parseDelimited(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  record.push(field);
  records.push(record);
  return records;
}
