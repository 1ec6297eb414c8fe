// Migrations are history: every committed file keeps its content, the journal keeps its order, the schema
// and the migrations agree, and a database migrated step by step, or from an earlier version of a
// migration, ends with the schema of a fresh one.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite, openPostgres, type Database } from './client.js';
import { applyMigrations, EditedMigrationError, readMigrationFiles, type MigrationFile } from './migrate.js';

const run = promisify(execFile);
const packageRoot = dirname(dirname(fileURLToPath(import.meta.url)));
const files = readMigrationFiles(migrationsFolder);
const recorded = JSON.parse(
  readFileSync(new URL('./committed-migrations.json', import.meta.url), 'utf8'),
) as Record<string, string>;

async function schemaOf(database: Database) {
  const rows = async (query: ReturnType<typeof sql>) => {
    const result = (await database.db.execute(query)) as unknown as { rows: unknown[] };
    return result.rows;
  };
  return {
    columns: await rows(sql`select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = 'public' order by 1, 2`),
    indexes: await rows(
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`,
    ),
    constraints: await rows(sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint
      where connamespace = 'public'::regnamespace order by 1, 2`),
  };
}

describe('the committed migrations', () => {
  it('are numbered one after another, in the journal in order, with timestamps that only grow', () => {
    const onDisk = readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql'));
    expect(onDisk.sort()).toEqual(files.map((file) => `${file.tag}.sql`));
    files.forEach((file, index) => {
      expect(file.tag.slice(0, 4), file.tag).toBe(String(index).padStart(4, '0'));
      // A migration merged with an earlier timestamp than one a database already applied would be
      // easy to miss; they grow so that the journal's order is also the order of time.
      if (index > 0) expect(file.when, `${file.tag}'s timestamp`).toBeGreaterThan(files[index - 1]!.when);
    });
  });

  it('are never edited: each file keeps the content it was committed with', () => {
    for (const file of files) {
      const expected = recorded[file.tag];
      expect(
        expected,
        `${file.tag} is new: add "${file.tag}": "${file.hash}" to packages/db/src/committed-migrations.json`,
      ).toBeDefined();
      expect(
        file.hash,
        `${file.tag} changed after it was committed: restore it and put the change in a new migration`,
      ).toBe(expected);
    }
  });

  it('match the schema, and drizzle-kit finds nothing wrong in them', { timeout: 60_000 }, async () => {
    const copy = mkdtempSync(join(tmpdir(), 'sportello-migrations-'));
    try {
      cpSync(migrationsFolder, copy, { recursive: true });
      const generated = await run('npx', ['drizzle-kit', 'generate'], {
        cwd: packageRoot,
        env: { ...process.env, MIGRATIONS_OUT: relative(packageRoot, copy) },
      });
      expect(generated.stdout, 'the schema changed without a migration: run npm run db:generate').toContain(
        'No schema changes',
      );
      const checked = await run('npx', ['drizzle-kit', 'check'], { cwd: packageRoot });
      expect(checked.stdout).toContain("Everything's fine");
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('applying the migrations (PGlite)', () => {
  const opened: Database[] = [];
  const fresh = async () => {
    const database = await openPglite(undefined);
    opened.push(database);
    return database;
  };
  let allAtOnce: Awaited<ReturnType<typeof schemaOf>>;
  beforeAll(async () => {
    const database = await fresh();
    await database.migrate();
    allAtOnce = await schemaOf(database);
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  // A fresh PGlite costs seconds on a busy machine (its initdb): four in all, and generous limits.
  it('one at a time ends with the schema of all at once', { timeout: 300_000 }, async () => {
    const stepByStep = await fresh();
    for (let count = 1; count <= files.length; count++) {
      const { applied } = await applyMigrations(stepByStep.db, files.slice(0, count));
      expect(applied).toEqual([files[count - 1]!.tag]);
    }
    expect(await schemaOf(stepByStep)).toEqual(allAtOnce);
    expect((await applyMigrations(stepByStep.db, files)).applied).toEqual([]);
  });

  it(
    'repairs a database that applied the first version of 0018, and applies what it missed',
    { timeout: 300_000 },
    async () => {
      const firstVersionOf0018: MigrationFile = {
        tag: '0018_integration',
        when: 1795779578174,
        ...(() => {
          const text = readFileSync(
            new URL('./migration-fixtures/0018_integration.first-version.sql', import.meta.url),
            'utf8',
          );
          return {
            hash: '9779d1e1dd8d216f6730c115f5520aa030b658c9fadf2e04a01ceb66a4ad4e31',
            statements: text.split('--> statement-breakpoint'),
          };
        })(),
      };
      const before0017 = files.filter((file) => file.tag < '0017');
      const old = await fresh();
      await applyMigrations(old.db, [...before0017, firstVersionOf0018]);

      const { applied, repaired } = await applyMigrations(old.db, files);
      expect(repaired).toEqual(['0018_integration']);
      expect(applied[0]).toBe('0017_price_changes_and_reminders');
      expect(applied).toContain('0033_webhooks');
      const sorted = (schema: Awaited<ReturnType<typeof schemaOf>>) => ({
        columns: schema.columns,
        indexes: schema.indexes,
        // A repaired database got its constraints in another order; their set is what must agree.
        constraints: [...schema.constraints].sort((a, b) =>
          JSON.stringify(a).localeCompare(JSON.stringify(b)),
        ),
      });
      expect(sorted(await schemaOf(old))).toEqual(sorted(allAtOnce));
    },
  );

  it(
    'keeps a migration whose timestamp only moved, and refuses one whose file changed',
    { timeout: 300_000 },
    async () => {
      const database = await fresh();
      await applyMigrations(database.db, files.slice(0, 3));
      // A renumbered merge moves the journal's timestamp and leaves the content: still applied.
      const moved = files.slice(0, 3).map((file) => ({ ...file, when: file.when + 1000 }));
      expect((await applyMigrations(database.db, moved)).applied).toEqual([]);
      const edited = files
        .slice(0, 3)
        .map((file, index) => (index === 2 ? { ...file, hash: 'edited', statements: ['select 1'] } : file));
      await expect(applyMigrations(database.db, edited)).rejects.toThrow(EditedMigrationError);
      await expect(applyMigrations(database.db, edited)).rejects.toThrow(files[2]!.tag);
    },
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)('applying the migrations (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sportello_test_migrate_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('two processes starting at once apply each migration once', { timeout: 120_000 }, async () => {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const [first, second] = await Promise.all([1, 2].map(() => openPostgres(url.toString(), 2, () => {})));
    try {
      const results = await Promise.all([first!, second!].map((d) => applyMigrations(d.db, files)));
      expect(results.map((r) => r.applied.length).sort()).toEqual([0, files.length]);
      const count = (await first!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(count.rows[0]!.n).toBe(files.length);
    } finally {
      await first!.close();
      await second!.close();
    }
  });
});
