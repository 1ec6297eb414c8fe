// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both speak the same Drizzle pg-core dialect, so the rest of the server does not know which it has.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { applyMigrations, readMigrationFiles } from './migrate.js';
import { withPreparedStatements } from './pglite-prepared.js';
import { localSessionChanges, postgresSessionChanges, type SessionChanges } from './session-changes.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** How this database's processes tell each other a session changed (session-changes.ts). */
  openSessionChanges(onError: (err: Error) => void): Promise<SessionChanges>;
  /** PGlite's data folder as a tar file, to start other databases from (test templates). */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL's pool now (for the metrics): its size, connections open and idle, queries waiting for one. */
  poolStats?(): { max: number; open: number; idle: number; waiting: number };
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PGlite in a folder, or in memory when `dataDir` is undefined (tests). `loadDataDir` starts it from a
 * dump of another one's data folder (a migrated template: no initdb, no migrations to run).
 */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  // pg_trgm: the staff search's trigram index (ADR 041), as PostgreSQL's contrib extension.
  const client = withPreparedStatements(
    await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir }),
  );
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => void (await applyMigrations(db, readMigrationFiles(migrationsFolder))),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (dataDir) await client.query('CHECKPOINT');
      await client.close();
    },
    // One process holds a PGlite database: nobody else to tell.
    openSessionChanges: async () => localSessionChanges(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

export async function openPostgres(
  url: string,
  poolSize: number,
  onError: (err: Error) => void,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection (database restart) emits here; without a listener
  // the process would crash. The pool replaces the client on the next query.
  pool.on('error', onError);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => void (await applyMigrations(db, readMigrationFiles(migrationsFolder))),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    openSessionChanges: (onError) => postgresSessionChanges(url, onError),
    poolStats: () => ({
      max: poolSize,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}
