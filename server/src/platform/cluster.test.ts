import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { workerCount } from './cluster.js';

const POSTGRES = 'postgres://postgres@127.0.0.1:5432/sportello';

describe('workerCount', () => {
  it('is one per core on PostgreSQL unless WORKERS says otherwise', () => {
    expect(workerCount({ DATABASE_URL: POSTGRES, WORKERS: undefined }).count).toBe(availableParallelism());
    expect(workerCount({ DATABASE_URL: POSTGRES, WORKERS: 3 })).toEqual({
      count: 3,
      note: '3 worker processes on PostgreSQL',
    });
  });

  it('is always one on PGlite, and says that a WORKERS set is ignored', () => {
    expect(workerCount({ DATABASE_URL: undefined, WORKERS: undefined }).count).toBe(1);
    const pglite = workerCount({ DATABASE_URL: undefined, WORKERS: 4 });
    expect(pglite.count).toBe(1);
    expect(pglite.note).toContain('WORKERS=4 ignored');
  });
});
