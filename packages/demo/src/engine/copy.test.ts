import { bigint, boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '@sportello/db/client';
import { copyRows, pgliteOf } from '@sportello/db/copy';

const probe = pgTable('copy_probe', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  label: text('label'),
  flag: boolean('flag'),
  data: jsonb('data'),
  at: timestamp('at', { withTimezone: true }),
  fallback: text('fallback').notNull().default('default'),
});

describe('copyRows (COPY text format)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openPglite(undefined);
    await pgliteOf(database.db)?.exec(
      `create table copy_probe (id bigint primary key, label text, flag boolean, data jsonb,
         at timestamptz, fallback text not null default 'default')`,
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it('writes the characters the format escapes, NULLs, JSON, instants, and defaults for omitted columns', async () => {
    const awkward = 'tab\there, new\nline, return\r, back\\slash, \\N, "quoted", comma,';
    const at = new Date('2026-03-29T01:30:00.000Z');
    const pglite = pgliteOf(database.db);
    if (!pglite) throw new Error('PGlite expected');
    await pglite.transaction((tx) =>
      copyRows(tx, probe, [
        { id: 1, label: awkward, flag: true, data: { text: awkward, list: [1, 'two'] }, at },
        { id: 2, label: '', flag: false, data: null, at: null },
        { id: 3, label: null }, // another shape: the columns left out take their defaults
      ]),
    );
    const rows = await database.db.select().from(probe).orderBy(probe.id);
    expect(rows).toEqual([
      {
        id: 1,
        label: awkward,
        flag: true,
        data: { text: awkward, list: [1, 'two'] },
        at,
        fallback: 'default',
      },
      { id: 2, label: '', flag: false, data: null, at: null, fallback: 'default' },
      { id: 3, label: null, flag: null, data: null, at: null, fallback: 'default' },
    ]);
  });
});
