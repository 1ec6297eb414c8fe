import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, serializeError } from './errors.js';

const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('database errors', () => {
  it.each([
    ['refused connection', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }],
    [
      'server shutting down',
      { code: '57P01', message: 'terminating connection due to administrator command' },
    ],
    ['starting up', { code: '57P03', message: 'the database system is starting up' }],
    ['connection exception class', { code: '08006', message: 'connection failure' }],
    ['lost connection', new Error('Connection terminated unexpectedly')],
  ])('counts a %s as unavailable, wrapped or not', (_name, cause) => {
    expect(isDatabaseUnavailable(cause)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(true);
  });

  it.each([
    ['unique violation', { code: '23505' }],
    ['syntax error', { code: '42601' }],
    ['plain bug', new TypeError('x is undefined')],
  ])('does not count a %s as unavailable', (_name, cause) =>
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(false),
  );

  it('keeps the statement and identifiers of a failed query, never its values', () => {
    const err = Object.assign(
      new Error('Failed query: insert into users (email) values ($1)\nparams: a@b.it'),
      {
        query: 'insert into users (email) values ($1)',
        params: ['a@b.it'],
        cause: Object.assign(new Error('duplicate key value violates unique constraint'), {
          code: '23505',
          constraint: 'users_email_unique',
          detail: 'Key (email)=(a@b.it) already exists.',
        }),
      },
    );
    const logged = JSON.stringify(serializeError(err));
    expect(logged).not.toContain('a@b.it');
    expect(JSON.parse(logged)).toMatchObject({
      query: 'insert into users (email) values ($1)',
      code: '23505',
      constraint: 'users_email_unique',
    });
  });
});
