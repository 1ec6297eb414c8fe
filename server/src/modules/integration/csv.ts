// CSV input for the initial load (ADR 046): a record's fields named by the header, nested ones by their
// path (`contracts.supplies.pointCode`, `sections.lines.amountCents`), mapped to the record the NDJSON
// line would carry, which then goes through the same parsing, schemas and rules. A record spans
// consecutive rows with the same `extKey`; within it, consecutive rows with the same values of a list's
// own fields (a contract's, a section's) are one element of that list, and each row adds one element
// of the innermost list (a supply, a bill line). A row's list fields all empty add no element there (a
// customer without contracts). An empty cell is a field not given; a number field's cell is read as a
// number. The file is RFC 4180 CSV, read by csv-parse as it streams: fields separated by commas, quoted
// where they hold a comma, a quote ("" for one) or a line break; a UTF-8 byte order mark is skipped,
// and lines end with \n or \r\n. A supply's technical data and meter and a bill's installments are not
// carried (NOT_IN_CSV).
import type { Readable } from 'node:stream';
import { integration } from '@sportello/contract';
import { parse, CsvError as CsvSyntaxError } from 'csv-parse';
import type { FileLine } from './load-parse.js';

/**
 * A CSV file that cannot be read as records: a header naming a field the record does not have, a kind
 * CSV does not hold, text that is not CSV (a quote never closed).
 */
export class CsvError extends Error {}

interface ZodNode {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, ZodNode>;
      element?: ZodNode;
      innerType?: ZodNode;
      in?: ZodNode;
    };
  };
}

/** A schema without its default, nullable, optional and pipe wrappers. */
function bare(schema: ZodNode): ZodNode {
  const def = schema._zod.def;
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  return inner ? bare(inner) : schema;
}

/** A list of the record (the record itself at the top): its own fields' paths and the lists inside. */
interface Level {
  path: string[];
  fields: { column: number; path: string[]; number: boolean }[];
  lists: Level[];
}

/** Every field path under an object, lists as levels of their own. */
function levelOf(schema: ZodNode, path: string[], header: Map<string, number>): Level {
  const level: Level = { path, fields: [], lists: [] };
  const visit = (node: ZodNode, at: string[]) => {
    const def = bare(node)._zod.def;
    if (def.type === 'object') {
      for (const [key, child] of Object.entries(def.shape!)) visit(child, [...at, key]);
    } else if (def.type === 'array' && bare(def.element!)._zod.def.type === 'object') {
      level.lists.push(levelOf(def.element!, [...path, ...at], header));
    } else {
      const column = header.get([...path, ...at].join('.'));
      if (column !== undefined) level.fields.push({ column, path: at, number: def.type === 'number' });
    }
  };
  visit(schema, []);
  return level;
}

const RECORD_SCHEMAS = { customers: integration.customerRecord, bills: integration.billRecord };

/**
 * Fields a CSV row cannot carry: a map (a supply's technical data) and lists beside the one a row
 * adds to (a supply's meter channels, a bill's installments beside its lines). Records with them
 * are loaded from NDJSON.
 */
const NOT_IN_CSV = {
  customers: ['contracts.supplies.technicalData', 'contracts.supplies.meter'],
  bills: ['installments'],
} as const;

/** Line breaks in a row's cells: the lines a row spans beyond its first. */
const breaksIn = (cells: readonly string[]) =>
  cells.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

/** A file's rows as their cells, each with the line it starts on (a quoted line break spans lines). */
async function* csvRows(input: Readable): AsyncGenerator<{ line: number; cells: string[] }> {
  const rows = input.pipe(parse({ bom: true, relax_column_count: true, record_delimiter: ['\r\n', '\n'] }));
  // A file that cannot be read ends the rows with its error.
  input.once('error', (err) => rows.destroy(err));
  let line = 1;
  try {
    for await (const cells of rows as AsyncIterable<string[]>) {
      yield { line, cells };
      line += 1 + breaksIn(cells);
    }
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw new CsvError(`line ${err.lines}: ${err.message}`);
    throw err;
  }
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown) {
  let at = target;
  for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[path.at(-1)!] = value;
}

/** A level's own fields of a row, as an object (null when they are all empty). */
function fieldsOf(level: Level, cells: readonly string[]) {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const f of level.fields) {
    const cell = cells[f.column] ?? '';
    if (cell === '') continue;
    any = true;
    // A number field's cell that is not an integer stays text, for the schema to refuse.
    setPath(out, f.path, f.number && /^-?\d+$/.test(cell) ? Number(cell) : cell);
  }
  return any ? out : null;
}

/** Adds a row to a record: an element of each list, or the last one when its fields are the same. */
function addRow(
  level: Level,
  into: Record<string, unknown>,
  cells: readonly string[],
  keys: Map<object, string>,
) {
  for (const list of level.lists) {
    const own = fieldsOf(list, cells);
    if (!own) continue;
    const name = list.path.at(-1)!;
    const elements = ((into[name] as Record<string, unknown>[] | undefined) ??= []);
    const key = JSON.stringify(own);
    const last = elements.at(-1);
    let element: Record<string, unknown>;
    if (list.lists.length > 0 && last && keys.get(last) === key) element = last;
    else {
      element = own;
      keys.set(element, key);
      elements.push(element);
    }
    addRow(list, element, cells, keys);
  }
}

/**
 * The records of a CSV file, each as the NDJSON line it stands for, numbered by the line its first row
 * starts on. Throws CsvError for a header naming no field of the record, or text that is not CSV.
 */
export async function* csvRecordLines(
  kind: keyof typeof RECORD_SCHEMAS,
  input: Readable,
): AsyncGenerator<FileLine> {
  let top: Level | undefined;
  let extKeyColumn = -1;
  let current:
    { line: number; extKey: string; record: Record<string, unknown>; keys: Map<object, string> } | undefined;
  const done = () => ({ line: current!.line, text: JSON.stringify(current!.record) });
  for await (const { line, cells } of csvRows(input)) {
    if (!top) {
      const names = cells.map((n) => n.trim());
      const notInCsv = names.filter((n) => NOT_IN_CSV[kind].some((f) => n === f || n.startsWith(`${f}.`)));
      if (notInCsv.length > 0)
        throw new CsvError(`a CSV file does not carry ${notInCsv.join(', ')}: load these records as NDJSON`);
      const header = new Map(names.map((n, i) => [n, i]));
      top = levelOf(RECORD_SCHEMAS[kind] as unknown as ZodNode, [], header);
      extKeyColumn = names.indexOf('extKey');
      const known = new Set<number>([extKeyColumn]);
      const collect = (level: Level) => {
        for (const f of level.fields) known.add(f.column);
        level.lists.forEach(collect);
      };
      collect(top);
      const unknown = names.filter((_, i) => !known.has(i));
      if (unknown.length > 0 || extKeyColumn < 0)
        throw new CsvError(
          unknown.length > 0
            ? `the header names no field of a record: ${unknown.join(', ')}`
            : 'the header has no extKey',
        );
      continue;
    }
    // A blank line holds no record.
    if (cells.length === 1 && cells[0]!.trim() === '') continue;
    const extKey = cells[extKeyColumn] ?? '';
    if (!current || extKey === '' || extKey !== current.extKey) {
      if (current) yield done();
      const record: Record<string, unknown> = { ...fieldsOf(top, cells) };
      if (extKey !== '') record.extKey = extKey;
      current = { line, extKey, record, keys: new Map() };
    }
    addRow(top, current.record, cells, current.keys);
  }
  if (current) yield done();
}
