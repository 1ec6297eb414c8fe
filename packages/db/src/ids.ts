// Path and query ids reach the repositories as strings: a serial id (digits) or a business key.
import { eq, or, sql, type Column } from 'drizzle-orm';

/** The serial the text may be (1 to 15 digits), else -1, which no row has: serials start at 1. */
export const numericId = (value: string): number => (/^\d{1,15}$/.test(value) ? Number(value) : -1);

/** Matches the row whose serial id or whose key is `value`. */
export const byIdOrKey = (id: Column, key: Column, value: string) =>
  or(eq(id, numericId(value)), eq(key, value));

/** `byIdOrKey` in a prepared statement: give it the values of `idOrKeyParams(value)` at execution. */
export const byIdOrKeyPlaceholder = (id: Column, key: Column) =>
  or(eq(id, sql.placeholder('numericId')), eq(key, sql.placeholder('idOrKey')));

export const idOrKeyParams = (value: string) => ({ numericId: numericId(value), idOrKey: value });
