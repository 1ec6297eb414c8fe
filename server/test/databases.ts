// The databases API tests run against: embedded PGlite always, PostgreSQL when TEST_DATABASE_URL
// is set. Each test file gets a database of its own, so files can run in parallel.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '@sportello/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A fresh, migrated database; `drop()` removes it again. It starts as a copy of the run's migrated
 * template (template-databases.ts); `migrate()` then finds nothing left to apply.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database & { drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openPglite(undefined, await pgliteTemplate());
    await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const created = await newPostgresDatabase(inject('postgresTemplate'));
  const database = await openPostgres(created.url, 4, () => undefined);
  await database.migrate();
  return {
    ...database,
    drop: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** The run's migrated PGlite data folder, read once per test file. */
let pgliteTemplateDump: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateDump ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return pgliteTemplateDump;
}

/**
 * A new database on TEST_DATABASE_URL's server, empty or a copy of `template`: its URL, and how to
 * drop it again.
 */
export async function newPostgresDatabase(template = ''): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // TEST_DATABASE_PREFIX keeps the databases of sessions sharing one server apart (default sportello_test_).
  const name = `${process.env.TEST_DATABASE_PREFIX ?? 'sportello_test_'}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`TEST_DATABASE_URL=${adminUrl} does not answer: ${(err as Error).message}`);
  }
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
