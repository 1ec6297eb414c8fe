// The prepared path must answer exactly as PGlite's own query() does, fail as it fails, and keep its
// locking: never run inside another caller's open transaction.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-prepared.js';

describe('PGlite with prepared statements', () => {
  let raw: PGlite;
  let pg: PGlite;

  beforeAll(async () => {
    raw = await PGlite.create();
    pg = withPreparedStatements(raw);
    await raw.exec(`
      create table t (id bigserial primary key, name text unique, at timestamptz, day date, data jsonb, ok boolean, cents bigint);
      insert into t (name, at, day, data, ok, cents) values
        ('a', '2026-11-23T10:00:00.123Z', '2026-11-23', '{"x": [1, "y"]}', true, 12345678901),
        ('b "quoted", \\ and ''apostrophe''', null, null, null, false, null);`);
  });
  afterAll(() => raw.close());

  const statement = 'select * from t where id >= $1 and (name = $2 or $2::text is null) order by id';

  it('answers as PGlite’s own query, in both row modes and with every parameter kind', async () => {
    for (const params of [
      [1, null],
      [1, 'b "quoted", \\ and \'apostrophe\''],
      [2, 'a'],
    ]) {
      for (const rowMode of ['array', 'object'] as const) {
        const ours = await pg.query(statement, params, { rowMode });
        const theirs = await raw.query(statement, params, { rowMode });
        expect(ours.rows).toEqual(theirs.rows);
        expect(ours.fields).toEqual(theirs.fields);
      }
    }
    const json = { nested: { list: [1, 2], text: 'è' } };
    const [row] = (await pg.query<{ data: unknown }>('select $1::jsonb as data', [JSON.stringify(json)]))
      .rows;
    expect(row!.data).toEqual(json);
  });

  it('answers writes with their affected rows', async () => {
    const ours = await pg.query('update t set ok = $1 where id = $2', [true, 2]);
    expect(ours.affectedRows).toBe(1);
  });

  it('throws the database’s own error, and the statement still works afterwards', async () => {
    const insert = 'insert into t (name) values ($1)';
    await expect(pg.query(insert, ['a'])).rejects.toMatchObject({ code: '23505' });
    await pg.query(insert, ['c']);
    expect((await pg.query('select count(*)::int as n from t')).rows).toEqual([{ n: 3 }]);
  });

  it('throws a statement that does not parse, every time', async () => {
    for (let i = 0; i < 2; i++)
      await expect(pg.query('select from where', [])).rejects.toMatchObject({ code: '42601' });
  });

  it('waits for another caller’s transaction instead of running inside it', async () => {
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = raw.transaction(async (tx) => {
      await tx.query("insert into t (name) values ('inside')");
      inserted();
      await held;
      await tx.rollback();
    });
    await insertDone;
    const count = pg.query<{ n: number }>('select count(*)::int as n from t where name = $1', ['inside']);
    // Time enough for the query to run now, were it not waiting for the transaction.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await transaction;
    // Had it run inside the transaction, it would have seen the row that was then rolled back.
    expect((await count).rows).toEqual([{ n: 0 }]);
  });
});
