// The one place that decides what a call may reach (ADR 027). Before any handler runs, every field the
// call's contract declares in `reaches` (packages/contract/src/call.ts) is looked up (owners.ts, the
// owner then kept: owner-cache.ts) and refused with 403 when what it names exists but is not the
// session's to reach:
// - a logged-in user reaches the rows of its own customer and of its active delegations (the set the
//   session read carries: reached-customers.ts), its own notifications and user, and its own session;
// - a guest opened from an entry link reaches, on a `link` call, only that link's target (SPEC §6);
//   an expired link answers 410;
// - any session may follow an entry link; a user only one whose target customer it reaches.
// An identifier that names nothing passes: the handler, loading it, answers its own 404, so a refusal
// tells no more than before (that the thing exists). Services load rows by id and decide nothing more.
import type { FastifyRequest } from 'fastify';
import { LINK_MODULES, type Call, type EntityKind, type Reach } from '@sportello/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { customers, links } from '@sportello/db/schema';
import { AppError, forbidden, gone, notFound } from '../../http/app-error.js';
import type { LoadedSession } from '../sessions/session-store.js';
import { hashSessionId } from '../sessions/session-store.js';
import { createOwnerCache, type OwnerCacheOptions } from './owner-cache.js';
import { cachedOwners, resolvableKinds, type IdentifierForm, type Owned } from './owners.js';
import { reaches } from './reached-customers.js';

const PARTS = ['params', 'query', 'body'] as const;

/** What an entry link of each guest module targets (SPEC §6): the kind of the entity its key names. */
const GUEST_TARGET_KIND: Partial<Record<number, EntityKind>> = {
  [LINK_MODULES.message]: 'message',
  [LINK_MODULES.workflowReply]: 'workflow',
  [LINK_MODULES.selfReading]: 'supply',
  [LINK_MODULES.proposal]: 'proposal',
};

/** Kinds whose refusal is a 404, as for one that does not exist: a user's notifications are its alone. */
const HIDDEN_WHEN_REFUSED = new Set<EntityKind>(['notification']);

/** A field of a call that names an entity: where it is, its kind and the forms it accepts. */
interface ReachedField {
  part: (typeof PARTS)[number];
  field: string;
  kind: EntityKind;
  forms: IdentifierForm[];
}

/** The fields a call reaches, read once per call from its contract. */
export function reachedFields(call: Call): ReachedField[] {
  if (call.reaches === 'nothing') return [];
  const reached = call.reaches;
  return PARTS.flatMap((part) =>
    Object.entries((reached[part] ?? {}) as Record<string, Reach>).map(([field, reach]) => {
      const refs = [reach].flat().map((ref) => ref.split('.') as [EntityKind, IdentifierForm]);
      const kinds = new Set(refs.map(([kind]) => kind));
      const [kind] = kinds;
      if (kinds.size !== 1 || !kind)
        throw new Error(`${call.name}: ${part}.${field} names more than one kind`);
      // A machine call names brands only, and a brand is not anyone's row: the caller's token lists its own.
      if ((call.access === 'machine') !== (kind === 'brand'))
        throw new Error(
          `${call.name}: ${part}.${field}: a machine call reaches brands, and only a machine call does`,
        );
      // A staff call names customers, held to the staff account's brands (ADR 041).
      if (call.access === 'staff' && kind !== 'customer')
        throw new Error(`${call.name}: ${part}.${field}: a staff call reaches customers only`);
      if (kind !== 'session' && kind !== 'brand' && !resolvableKinds.has(kind))
        throw new Error(
          `${call.name}: ${part}.${field} reaches "${kind}", which platform/reach/owners.ts cannot look up`,
        );
      return { part, field, kind, forms: refs.map(([, form]) => form) };
    }),
  );
}

/** The guest's link, as a `link` call's reach is decided for a guest: its target, or 403/410. */
async function guestTarget(db: Db, session: LoadedSession, kind: EntityKind, now: Date) {
  if (session.linkId === null) throw forbidden();
  const [link] = await db.select().from(links).where(eq(links.id, session.linkId)).limit(1);
  if (!link || GUEST_TARGET_KIND[link.moduleId] !== kind || !link.entityKey || link.customerId === null)
    throw forbidden();
  if (link.expiresAt && link.expiresAt <= now) throw gone('link_expired');
  return { key: link.entityKey, customerId: link.customerId };
}

function userMayReach(session: LoadedSession, owned: Owned): boolean {
  switch (owned.owner) {
    case 'customers':
      return owned.customerIds.some((id) => reaches(session.reached, id));
    case 'user':
      return session.user !== null && owned.userId === session.user.id;
    case 'link':
      return owned.customerId === null || reaches(session.reached, owned.customerId);
  }
}

/**
 * Owner lookups kept (owner-cache.ts): one entry is a few hundred bytes, so a few megabytes at most. The
 * lifetime only bounds a write behind the server's back; owners do not change.
 */
export const OWNER_CACHE: OwnerCacheOptions = { maxEntries: 20_000, lifetimeMs: 10 * 60_000 };

/** What the request sends in each reached field, as text; absent or empty fields are left out. */
function* reachedValues(fields: readonly ReachedField[], request: FastifyRequest) {
  const input = {
    params: request.params as Record<string, unknown>,
    query: request.query as Record<string, unknown>,
    body: (request.body as { request?: Record<string, unknown> } | undefined)?.request ?? {},
  };
  for (const field of fields) {
    const value = input[field.part][field.field];
    if (value === undefined || value === null || value === '') continue;
    yield { field, value: String(value) };
  }
}

export function createReachCheck(db: Db, options: { enabled: boolean; ownerCache?: OwnerCacheOptions }) {
  const ownerCache = createOwnerCache(options.ownerCache ?? OWNER_CACHE);
  const ownersOf = cachedOwners(db, ownerCache);

  async function checkField(
    call: Call,
    session: LoadedSession,
    field: ReachedField,
    value: string,
    now: Date,
  ) {
    // A session is named by its id: only the asking session's own may be named.
    if (field.kind === 'session') {
      if (hashSessionId(value) !== session.idHash) throw forbidden();
      return;
    }
    // A guest follows any link (the links module decides which open a guest session); elsewhere a
    // guest reaches only the target of its link, and only through a `link` call.
    const target =
      session.user === null && field.kind !== 'link'
        ? call.access === 'link'
          ? await guestTarget(db, session, field.kind, now)
          : null
        : undefined;
    if (target === null) throw forbidden();
    const owned = await ownersOf(field.kind, field.forms, value);
    // A guest is told nothing beyond its link's target, not even that something else does not exist.
    if (target && owned.length === 0) throw forbidden();
    for (const row of owned) {
      const allowed = target
        ? row.owner === 'customers' && row.key === target.key && row.customerIds.includes(target.customerId)
        : session.user === null || userMayReach(session, row);
      if (!allowed) throw HIDDEN_WHEN_REFUSED.has(field.kind) ? notFound() : forbidden();
    }
  }

  /** A machine client (ADR 036) reaches the brands its token lists, nothing else. */
  function checkBrands(fields: readonly ReachedField[], request: FastifyRequest) {
    const machine = request.machine;
    if (!machine) throw forbidden();
    for (const { value } of reachedValues(fields, request)) {
      if (!machine.brands.includes(value)) throw forbidden();
    }
  }

  /**
   * A staff session (ADR 041) reaches the customers of its account's brands: another brand's customer
   * is refused (403) whatever the role; one that does not exist passes to the handler's 404.
   */
  async function checkStaff(fields: readonly ReachedField[], request: FastifyRequest) {
    const staff = request.staff;
    if (!staff) throw forbidden();
    for (const { value } of reachedValues(fields, request)) {
      const id = Number(value);
      if (!Number.isSafeInteger(id)) continue;
      const [row] = await db
        .select({ company: customers.companyCode })
        .from(customers)
        .where(eq(customers.id, id))
        .limit(1);
      if (row && !(staff.brands as string[]).includes(row.company))
        throw new AppError(403, 'staff_brand_refused');
    }
  }

  return {
    enabled: options.enabled,
    ownerCache,
    /**
     * Refuses the request (403, or 410 for an expired guest link) when a field it sends names what the
     * session may not reach. Runs after the access rule (http/route.ts) and the schema validation.
     */
    async check(call: Call, fields: readonly ReachedField[], request: FastifyRequest): Promise<void> {
      if (!options.enabled || fields.length === 0) return;
      if (call.access === 'machine') return checkBrands(fields, request);
      if (call.access === 'staff') return checkStaff(fields, request);
      const session = request.session;
      if (!session) throw forbidden();
      const now = new Date();
      for (const { field, value } of reachedValues(fields, request)) {
        await checkField(call, session, field, value, now);
      }
    },
  };
}

export type ReachCheck = ReturnType<typeof createReachCheck>;

declare module 'fastify' {
  interface FastifyInstance {
    reach: ReachCheck;
  }
}
