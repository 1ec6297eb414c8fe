// Vitest's global set-up for the server's tests: the migrations run once per test run, into a PGlite
// data folder dumped to a file and, when TEST_DATABASE_URL is set, into a PostgreSQL template database.
// Each test file's database then starts as a copy (server/test/databases.ts), instead of running every
// migration again on a fresh cluster, a cost that grew with each migration and each test file and
// swelled on a busy machine. Both are named for this run and removed at its end, so runs side by side
// never share one. The run's folder also holds the templates a test file makes when first needed
// (the seeded demo world: server/test/demo-app.ts), so they go with it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '@sportello/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder, as a tar file. */
    pgliteTemplate: string;
    /** A migrated database on TEST_DATABASE_URL's server to create test databases from; '' without one. */
    postgresTemplate: string;
    /** This run's folder, for templates made once by whichever test file needs them first. */
    runFolder: string;
  }
}

async function adminQuery(adminUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`TEST_DATABASE_URL=${adminUrl} does not answer: ${(err as Error).message}`);
  }
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  const runFolder = await mkdtemp(join(tmpdir(), `sportello-templates-${run}-`));
  project.provide('runFolder', runFolder);
  const pgliteFile = join(runFolder, 'migrated.tar');
  const pglite = await openPglite(undefined);
  await pglite.migrate();
  await writeFile(pgliteFile, Buffer.from(await (await pglite.dumpDataDir!()).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', pgliteFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgresTemplate = adminUrl
    ? `${process.env.TEST_DATABASE_PREFIX ?? 'sportello_test_'}template_${run}`
    : '';
  if (adminUrl) {
    await adminQuery(adminUrl, `create database ${postgresTemplate}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresTemplate}`;
    const database = await openPostgres(url.toString(), 1, () => undefined);
    await database.migrate();
    await database.close();
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    await rm(runFolder, { recursive: true, force: true });
    if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${postgresTemplate} with (force)`);
  };
}
