// Path and query ids reach the repositories as strings: a serial id (digits) or a business key.
import { eq, or, type Column } from 'drizzle-orm';

/** The serial the text may be (1 to 15 digits), else -1, which no row has: serials start at 1. */
export const numericId = (value: string): number => (/^\d{1,15}$/.test(value) ? Number(value) : -1);

/** Matches the row whose serial id or whose key is `value`. */
export const byIdOrKey = (id: Column, key: Column, value: string) =>
  or(eq(id, numericId(value)), eq(key, value));
