// A call is one REST operation of SPEC §7: method, path under /services/rest/, and the zod schemas of
// its path params, query string, body (`request`, without the envelope) and answer (`data`).
// The server registers routes from these objects and the web client calls through them, so the
// two cannot drift apart.
import { z } from 'zod';

export const API_PREFIX = '/services/rest';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may make a call: anyone, any session (guest included), or a logged-in user only. */
export type CallAccess = 'public' | 'session' | 'user';

export interface Call<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends CallAccess = CallAccess,
> {
  name: string;
  method: HttpMethod;
  /** Fastify-style path with `:param` placeholders, including API_PREFIX. */
  path: string;
  access: A;
  params: P;
  query: Q;
  body: B;
  response: R;
  summary: string;
}

const none = z.object({}).strict();
type None = typeof none;

export function defineCall<
  P extends z.ZodType = None,
  Q extends z.ZodType = None,
  B extends z.ZodType = None,
  R extends z.ZodType = z.ZodType,
  A extends CallAccess = CallAccess,
>(def: {
  name: string;
  method: HttpMethod;
  path: string;
  access: A;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}): Call<P, Q, B, R, A> {
  return {
    ...def,
    path: `${API_PREFIX}/${def.path}`,
    params: (def.params ?? none) as P,
    query: (def.query ?? none) as Q,
    body: (def.body ?? none) as B,
  };
}

export type CallParams<C extends Call> = z.input<C['params']>;
export type CallQuery<C extends Call> = z.input<C['query']>;
export type CallBody<C extends Call> = z.input<C['body']>;
export type CallData<C extends Call> = z.output<C['response']>;

/** Fills `:param` placeholders; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Query-string booleans arrive as text; accept the usual spellings. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const pagingQuery = {
  pagingSkip: z.coerce.number().int().min(0).default(0),
  pagingTake: z.coerce.number().int().min(1).max(1000).optional(),
};

export const idParam = z.object({ id: z.string().min(1).max(64) });
