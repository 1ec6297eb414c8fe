import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idArray, textArray } from './arrays.js';
import { openPglite, type Database } from './client.js';

describe('array parameters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(undefined);
  });
  afterAll(() => database.close());
  const values = async (array: ReturnType<typeof textArray>) => {
    const { rows } = (await database.db.execute(sql`select unnest(${array})::text as v`)) as unknown as {
      rows: { v: string }[];
    };
    return rows.map((r) => r.v);
  };

  it('passes texts as one parameter, quotes, backslashes, commas and braces as they are', async () => {
    const texts = ['a"b', 'c\\d', 'e,f', '{g}', 'NULL', '', ' h '];
    expect(await values(textArray(texts))).toEqual(texts);
    expect(await values(textArray([]))).toEqual([]);
  });

  it('passes ids as one bigint[] parameter', async () => {
    expect(await values(idArray([1, 9_007_199_254_740_991]))).toEqual(['1', '9007199254740991']);
  });
});
