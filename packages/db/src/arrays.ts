// Many values as one bound parameter: `column = any(…)` with a PostgreSQL array literal, where
// `inArray` binds a parameter a value (the initial load's lookups name up to thousands of keys a
// batch: one parameter is one value to send and parse, not thousands, on PGlite and PostgreSQL alike).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Texts as one `text[]` parameter. */
export const textArray = (values: Iterable<string>): SQL =>
  sql`${`{${Array.from(values, (v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** Row ids (integers) as one `bigint[]` parameter. */
export const idArray = (values: Iterable<number>): SQL =>
  sql`${`{${Array.from(values, (v) => String(Math.trunc(v))).join(',')}}`}::bigint[]`;

/** `column = any(values)`: true where the column holds one of the values. */
export const anyOf = (column: SQLWrapper, values: SQL): SQL => sql`${column} = any(${values})`;
