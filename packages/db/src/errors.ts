// What the rest of the server needs to know about a database failure: whether the database is away
// (the answer is 503, the maintenance page, not a bug) and how to log it without the statement's
// parameters or values quoted by PostgreSQL (a password hash, an e-mail, a code must not reach the log).
import pino from 'pino';

/** node-postgres and PostgreSQL codes of a connection that is refused, lost or not accepted yet. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '53300', // too_many_connections
]);

/** node-postgres reports lost and timed-out connections by message only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

function* causes(err: unknown): Generator<Record<string, unknown>> {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true; // 08: connection_exception
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/**
 * pino's `err` serializer, except for a failed query: Drizzle puts the parameters in its message and
 * PostgreSQL quotes values in `detail` and in some messages, so only the statement text (placeholders,
 * no values) and the error's identifiers are kept.
 */
export function serializeError(err: unknown): unknown {
  const chain = [...causes(err)];
  const failedQuery = chain.find((e) => typeof e.query === 'string' && 'params' in e);
  if (!failedQuery || !(err instanceof Error))
    return err instanceof Error ? pino.stdSerializers.err(err) : err;
  const database = chain.find((e) => typeof e.code === 'string') ?? {};
  const pick = (name: string) => (typeof database[name] === 'string' ? { [name]: database[name] } : {});
  return {
    type: err.name,
    message: 'database query failed',
    query: failedQuery.query,
    ...pick('code'),
    ...pick('severity'),
    ...pick('table'),
    ...pick('column'),
    ...pick('constraint'),
    ...pick('routine'),
    stack: (err.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}
