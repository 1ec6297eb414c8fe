// PGlite with server-side prepared statements. PGlite's own query() sends Parse, Describe,
// Bind, Describe, Execute and Sync as six separate calls into the WebAssembly Postgres, and parses and
// plans the text every time: a customer's GET cost 2–4 ms there. Drizzle sends the same few texts over
// and over, so each text is parsed once as a named statement (its parameter types described once) and
// then run as a single Bind/Describe/Execute/Sync call, planned by Postgres' plan cache: about a tenth
// of the time. Everything else (transactions, exec, COPY) keeps PGlite's own path.
// It calls PGlite private internals: the version is pinned exactly and db/pglite-version.test.ts fails on
// any other (ADR 027).
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Prepared texts kept per database; past it, a new text takes PGlite's own path (texts built per call). */
const MAX_STATEMENTS = 1_000;

interface Statement {
  name: string;
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Options this path reproduces: a row mode and parsers. Any other (a blob, typed params) goes the usual way. */
const plainOptions = (options: QueryOptions | undefined) =>
  !options || Object.keys(options).every((key) => key === 'rowMode' || key === 'parsers');

/** The same PGlite instance, whose query() now prepares each text once. */
export function withPreparedStatements(pg: PGlite): PGlite {
  const statements = new Map<string, Statement>();
  const pglite = pg.query.bind(pg);

  // Called holding PGlite's locks: nothing else talks to the database meanwhile.
  async function prepare(text: string): Promise<Statement> {
    const name = `drizzle_${statements.size + 1}`;
    const messages = await pg.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const description = messages.find((m) => m.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    statements.set(text, statement);
    return statement;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!plainOptions(options) || (!statements.has(text) && statements.size >= MAX_STATEMENTS))
      return pglite<T>(text, params, options);
    await pg._checkReady();
    // The same locks as PGlite's query(): never inside another caller's open transaction.
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const statement = statements.get(text) ?? (await prepare(text));
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = pg.serializers[statement.paramTypes[i]!];
          return serializer ? serializer(value) : String(value);
        });
        const messages = await pg.execProtocolStream(
          concat([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        await pg.syncToFs();
        return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
      }),
    );
  }

  // On the instance itself, so a wrapper of `query` (the tests' statement counter) still sees every call.
  pg.query = query;
  return pg;
}
