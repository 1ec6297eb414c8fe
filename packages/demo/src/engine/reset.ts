// Guards against seeding over real data, and empties every table but the towns for --reset.
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@sportello/db/client';
import * as schema from '@sportello/db/schema';

export class DatabaseNotEmptyError extends Error {
  constructor() {
    super('The database already holds data: the demo seed runs only on an empty database, or with reset.');
    this.name = 'DatabaseNotEmptyError';
  }
}

// Towns come from ISTAT, not from the demo, and take a while to import: a reset keeps them. The staff's
// accounts are no demo data, and their audit is append-only (a trigger refuses TRUNCATE, ADR 041).
const KEPT = new Set(['towns', 'staff_users', 'staff_factors', 'staff_sessions', 'staff_audit']);

export function resettableTables(): string[] {
  return Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .filter((name) => !KEPT.has(name))
    .sort();
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const counts = await Promise.all(
    [schema.companies, schema.customers, schema.users].map((t) => db.$count(t)),
  );
  return counts.every((n) => n === 0);
}

export async function truncateAllButTowns(db: Db): Promise<void> {
  const list = resettableTables()
    .map((name) => `"${name}"`)
    .join(', ');
  await db.execute(sql.raw(`truncate table ${list} restart identity cascade`));
}
