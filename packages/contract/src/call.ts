// A call is one REST operation of SPEC §7: method, path under /services/rest/, and the zod schemas of
// its path params, query string, body (`request`, without the envelope) and answer (`data`).
// The server registers routes from these objects and the web client calls through them, so the
// two cannot drift apart.
import * as z from 'zod/mini';
import type { StaffRole } from './staff-roles.js';
import { line } from './text.js';

export const API_PREFIX = '/services/rest';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make a call: anyone, any session (guest included), a logged-in user only, `link`: a
 * logged-in user, or a guest session opened from an entry link whose target the call reaches (the
 * server checks the target; SPEC §6 guest role), `token`: only a personal read-only token
 * (`Authorization: Bearer spt_…`, ADR 037), reaching its user's own customer (a token is refused on
 * every other call), or `machine`: a supplier's system with a bearer token (OAuth 2.0 client
 * credentials, ADR 036) holding the call's `scope` and the brand the call names, or `staff`: a
 * customer-care staff session (`staffSessionId`, ADR 041) whose role the call's `roles` lists, reaching
 * the customers of the account's brands.
 */
export type CallAccess = 'public' | 'session' | 'user' | 'link' | 'token' | 'machine' | 'staff';

/** What a machine client may do (ADR 036); a `machine` call names the one it needs. */
export const INTEGRATION_SCOPES = [
  'billing:write',
  'metering:write',
  'crm:write',
  'events:read',
  /** Market prices, the same for every brand: no brand's client writes them by its brand's scope. */
  'market:write',
  /** The reconciliation: counts, checksums and the records that differ from the ERP's list (ADR 057). */
  'reconcile:read',
  /** The supplier's operations: creating brands (ADR 057). No brand's client holds it by default. */
  'admin',
] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/** The things a call can name that belong to someone: what ownership checks are about. */
export type EntityKind =
  | 'customer'
  | 'contract'
  | 'supply'
  | 'offer'
  | 'invoice'
  | 'message'
  | 'notification'
  | 'user'
  | 'session'
  | 'userSession'
  | 'personalToken'
  | 'passkey'
  | 'link'
  | 'request'
  | 'payment'
  | 'document'
  | 'maintenanceDocument'
  | 'proposal'
  | 'workflow'
  | 'reading'
  | 'complaint'
  /** A data archive of "I tuoi dati" (ADR 039): its user's. */
  | 'dataArchive'
  /** A brand, by its company code: what a machine client is limited to (ADR 036). */
  | 'brand';

/** How a field names its entity: `'supply.key'`; a field that accepts several forms lists them all. */
export type EntityRef = `${EntityKind}.${'id' | 'key' | 'extKey' | 'hashCode' | 'code'}`;
export type Reach = EntityRef | readonly [EntityRef, ...EntityRef[]];

type FieldReaches<S extends z.ZodMiniType> = { [K in keyof z.output<S>]?: Reach };

/**
 * What a call reaches, field by field (path params, query string, body): the generated access suite
 * (server/test/contract-access.test.ts) tries every field named here with another customer's
 * identifiers. A call that names nobody's data says `'nothing'`.
 */
export type Reaches<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
> = 'nothing' | { params?: FieldReaches<P>; query?: FieldReaches<Q>; body?: FieldReaches<B> };

/**
 * Refusals a call's service can answer beyond what its access rule and reach already say (those give
 * 401, 403 and 404): a state conflict (409), an expired link (410), a request the rules refuse (422),
 * too many attempts (429), or 401 from a public call. The OpenAPI document lists them
 * (server/src/plugins/openapi.ts) and server/test/openapi-answers.ts holds the suites' answers to it.
 */
export type Refusal = 401 | 403 | 404 | 409 | 410 | 422 | 429;

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
  reaches: Reaches<P, Q, B>;
  params: P;
  query: Q;
  body: B;
  response: R;
  summary: string;
  refusals: readonly Refusal[];
  /** A `machine` call's scope: a token without it is refused with 403. */
  scope?: IntegrationScope;
  /** A `staff` call's roles: a staff session of another role is refused with 403. */
  roles?: readonly StaffRole[];
  /**
   * The call changes something a thief would want (a direct debit's IBAN, a contact, the password):
   * the session must have proved its user again within the last minutes (a passkey or a one-time
   * code, ADR 038), or it is refused with 403 `step_up_required`. `true` for every request, or a
   * test of the validated body when only some of the call's changes need it.
   */
  stepUp?: StepUp<B>;
}

// A method's parameter is bivariant: a call with its own body type is still a `Call`.
export type StepUp<B extends z.ZodMiniType = z.ZodMiniType> =
  true | { test(body: z.output<B>): boolean }['test'];

/** Whether this request of the call needs a recent step-up (its body already validated). */
export const needsStepUp = (call: Call, body: unknown): boolean =>
  call.stepUp === true || (typeof call.stepUp === 'function' && call.stepUp(body));

const none = z.strictObject({});
type None = typeof none;

/**
 * Defines one call. `access` and `reaches` are required: the generated suites run on them
 * (server/test/contract-access.test.ts, contract-fuzz.ts), so a new call is tried like every
 * other or fails there. The rule for a new call:
 * - list in `reaches` every params/query/body field that names someone's entity (id, key, hash code),
 *   with its kind and every form it accepts; `'nothing'` only when it names nobody's data (a contract
 *   test refuses an `…Id`/`…Key` field left out);
 * - guests (SPEC §6) get only 'public' and 'session' calls, and `link` calls for the target of the link
 *   their session was opened from (docs/decisions/013): the generated suite proves a plain guest is
 *   refused a `link` call, the links tests (modules/links/links.test.ts) the reach of a guest with a link;
 * - a kind new to the suite needs identifiers of two customers and a delegate in
 *   server/test/access-world.ts, and an input the schema alone cannot make valid a SAMPLES entry there;
 * - strings are built with `line()` / `text()` (text.ts), never a bare `z.string()`;
 * - list in `refusals` the statuses its service answers besides those of its access and reach (409,
 *   410, 422, 429…): server/test/openapi-answers.ts fails on an answer the document does not list.
 */
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
  reaches: Reaches<P, Q, B>;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  refusals?: readonly Refusal[];
  scope?: A extends 'machine' ? IntegrationScope : never;
  roles?: A extends 'staff' ? readonly [StaffRole, ...StaffRole[]] : never;
  stepUp?: StepUp<B>;
}): Call<P, Q, B, R, A> {
  if ((def.access === 'machine') !== (def.scope !== undefined))
    throw new Error(`${def.name}: a machine call names its scope, and only a machine call does`);

  return {
    ...def,
    refusals: def.refusals ?? [],
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

export { pagingQuery, queryBoolean } from './query-fields.js';

/** An entity's numeric id or its key, as paths and queries name it. */
export const idOrKey = line().check(z.minLength(1), z.maxLength(64));

export const idParam = z.object({ id: idOrKey });
