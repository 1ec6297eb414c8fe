// Applies the committed migrations, each known by its content and not only by its timestamp.
//
// Drizzle's own migrator runs every migration newer than the last one a database applied: a migration
// merged with an older timestamp is skipped for ever, and one edited after a database applied it never
// reaches that database. Here a database's applied migrations are matched to the files by content
// (sha256 of the file, as drizzle records it) and by timestamp: every file not applied runs, in the
// journal's order; an applied one whose file changed stops the start with its name (ADR 064). The one
// edit of the past (0018, twice on the day it was written) is repaired in place. The bookkeeping table
// is drizzle's, so databases migrated before keep working.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { earlierVersions } from './migration-repairs.js';

export interface MigrationFile {
  tag: string;
  /** The journal's timestamp, recorded as `created_at`. */
  when: number;
  hash: string;
  statements: string[];
}

interface AppliedMigration {
  id: number;
  hash: string;
  created_at: string | number;
}

export class EditedMigrationError extends Error {
  constructor(tag: string) {
    super(
      `Migration ${tag} was changed after this database applied it: a committed migration is never ` +
        'edited. Restore the file as it was and put the change in a new migration.',
    );
    this.name = 'EditedMigrationError';
  }
}

export function readMigrationFiles(folder: string): MigrationFile[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(join(folder, `${tag}.sql`), 'utf8');
    return {
      tag,
      when,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint'),
    };
  });
}

export async function applyMigrations(
  db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>,
  files: MigrationFile[],
): Promise<{ applied: string[]; repaired: string[] }> {
  return db.transaction(async (tx) => {
    // Two processes starting on one database take turns: the second finds everything applied.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sportello migrations'))`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const rows = (await tx.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id`,
    )) as unknown as { rows: AppliedMigration[] } | AppliedMigration[];
    const appliedRows = Array.isArray(rows) ? rows : rows.rows;
    const applied: string[] = [];
    const repaired: string[] = [];
    for (const file of files) {
      if (appliedRows.some((r) => r.hash === file.hash)) continue; // applied, whatever its timestamp now
      const earlier = earlierVersions[file.tag]
        ?.map((version) => ({ version, row: appliedRows.find((r) => r.hash === version.hash) }))
        .find(({ row }) => row);
      if (earlier?.row) {
        for (const statement of earlier.version.repair) await tx.execute(sql.raw(statement));
        await tx.execute(
          sql`update drizzle.__drizzle_migrations set hash = ${file.hash}, created_at = ${file.when} where id = ${earlier.row.id}`,
        );
        repaired.push(file.tag);
        continue;
      }
      if (appliedRows.some((r) => Number(r.created_at) === file.when))
        throw new EditedMigrationError(file.tag);
      for (const statement of file.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${file.hash}, ${file.when})`,
      );
      applied.push(file.tag);
    }
    return { applied, repaired };
  });
}
