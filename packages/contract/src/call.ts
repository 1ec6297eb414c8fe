// A call is one REST operation of SPEC §7: method, path under /services/rest/, and the zod schemas of
// its path params, query string, body (`request`, without the envelope) and answer (`data`).
// The server registers routes from these objects and the web client calls through them, so the
// two cannot drift apart.
import * as z from 'zod/mini';

export const API_PREFIX = '/services/rest';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may make a call: anyone, any session (guest included), or a logged-in user only. */
export type CallAccess = 'public' | 'session' | 'user';

export interface Call<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
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

const none = z.strictObject({});
type None = typeof none;

export function defineCall<
  P extends z.ZodMiniType = None,
  Q extends z.ZodMiniType = None,
  B extends z.ZodMiniType = None,
  R extends z.ZodMiniType = z.ZodMiniType,
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
export const queryBoolean = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]),
  z.transform((v) => v === true || v === 'true' || v === '1'),
);

export const pagingQuery = {
  pagingSkip: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
  pagingTake: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000))),
};

/** An entity's numeric id or its key, as paths and queries name it. */
export const idOrKey = z.string().check(z.minLength(1), z.maxLength(64));

export const idParam = z.object({ id: idOrKey });
