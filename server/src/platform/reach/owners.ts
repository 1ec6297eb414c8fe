// Who owns what a call names (ADR 027): for every kind of entity the contract's `reaches` can declare
// (packages/contract/src/call.ts EntityKind), the statement that turns an identifier into the rows it
// matches and, for each, the customers it belongs to, the user it belongs to, or the link it is.
// check-reach.ts decides on these owners; nothing here decides anything.
import { eq, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { EntityKind } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { numericId } from '@sportello/db/ids';
import { hashLinkToken } from '@sportello/db/link-token';
import {
  complaints,
  contracts,
  customers,
  dataArchives,
  documents,
  invoices,
  links,
  maintenanceContracts,
  maintenanceDocuments,
  messages,
  notifications,
  offers,
  passkeys,
  payments,
  personalTokens,
  proposals,
  requests,
  sessions,
  supplies,
  users,
  workflowTasks,
} from '@sportello/db/schema';
import type { OwnerCache } from './owner-cache.js';

/** One row an identifier matched: the customers it belongs to and its key (what an entry link names). */
export interface CustomerOwned {
  owner: 'customers';
  customerIds: number[];
  key: string;
}
/** A row that belongs to one user (a notification, the user itself). */
export interface UserOwned {
  owner: 'user';
  userId: number;
}
/** An entry link: it belongs to its target's customer, if any. */
export interface LinkOwned {
  owner: 'link';
  customerId: number | null;
}
export type Owned = CustomerOwned | UserOwned | LinkOwned;

type Form = 'id' | 'key' | 'extKey' | 'hashCode';

/** The forms of a kind's identifier, as the columns they are matched against. */
interface Columns {
  id?: Column;
  key?: Column;
  extKey?: Column;
}

/** Rows whose columns match the value in any of the declared forms (a key that is also another's extKey: both). */
function matching(columns: Columns, forms: readonly Form[], value: string): SQL | undefined {
  const conditions = forms.flatMap((form) => {
    if (form === 'id' && columns.id) return [eq(columns.id, numericId(value))];
    if (form === 'key' && columns.key) return [eq(columns.key, value)];
    if (form === 'extKey' && columns.extKey) return [eq(columns.extKey, value)];
    return [];
  });
  // A form the table does not have matches nothing, never everything.
  return conditions.length > 0 ? or(...conditions) : sql`false`;
}

/** At most this many rows per identifier: a value matches one row per form, a handful at most. */
const MATCH_LIMIT = 5;

type Resolver = (db: Db, forms: readonly Form[], value: string) => Promise<Owned[]>;

/** A table whose rows each belong to one customer, in its own `customerId` column. */
const ownedBy =
  (table: PgTable, columns: Columns & { key: Column; customerId: Column }): Resolver =>
  async (db, forms, value) => {
    const rows = await db
      .select({ customerId: sql<number>`${columns.customerId}`, key: sql<string>`${columns.key}` })
      .from(table)
      .where(matching(columns, forms, value))
      .limit(MATCH_LIMIT);
    return rows.map((row) => ({ owner: 'customers', customerIds: [Number(row.customerId)], key: row.key }));
  };

const RESOLVERS: Partial<Record<EntityKind, Resolver>> = {
  customer: ownedBy(customers, { id: customers.id, key: customers.key, customerId: customers.id }),
  contract: ownedBy(contracts, { id: contracts.id, key: contracts.key, customerId: contracts.customerId }),
  supply: ownedBy(supplies, {
    id: supplies.id,
    key: supplies.key,
    extKey: supplies.extKey,
    customerId: supplies.customerId,
  }),
  invoice: ownedBy(invoices, {
    id: invoices.id,
    key: invoices.key,
    extKey: invoices.extKey,
    customerId: invoices.customerId,
  }),
  message: ownedBy(messages, { id: messages.id, key: messages.key, customerId: messages.customerId }),
  request: ownedBy(requests, { id: requests.id, key: requests.key, customerId: requests.customerId }),
  payment: ownedBy(payments, { id: payments.id, key: payments.key, customerId: payments.customerId }),
  document: ownedBy(documents, { id: documents.id, key: documents.key, customerId: documents.customerId }),
  proposal: ownedBy(proposals, { id: proposals.id, key: proposals.key, customerId: proposals.customerId }),
  complaint: ownedBy(complaints, {
    id: complaints.id,
    key: complaints.key,
    customerId: complaints.customerId,
  }),

  /** A workflow's id is its workflowId (text), which is also what its entry link names. */
  async workflow(db, _forms, value) {
    const rows = await db
      .select({ customerId: workflowTasks.customerId, key: workflowTasks.workflowId })
      .from(workflowTasks)
      .where(eq(workflowTasks.workflowId, value))
      .limit(MATCH_LIMIT);
    return rows.map((row) => ({ owner: 'customers', customerIds: [row.customerId], key: row.key }));
  },

  /** A maintenance document belongs to its maintenance contract's customer. */
  async maintenanceDocument(db, _forms, value) {
    const rows = await db
      .select({ customerId: maintenanceContracts.customerId, id: maintenanceDocuments.id })
      .from(maintenanceDocuments)
      .innerJoin(
        maintenanceContracts,
        eq(maintenanceContracts.id, maintenanceDocuments.maintenanceContractId),
      )
      .where(eq(maintenanceDocuments.id, numericId(value)))
      .limit(MATCH_LIMIT);
    return rows.map((row) => ({ owner: 'customers', customerIds: [row.customerId], key: String(row.id) }));
  },

  /** An offer is no one's: it is shown to the customers one of whose supplies is under it. */
  async offer(db, forms, value) {
    const rows = await db
      .select({
        key: offers.key,
        customerIds: sql<string>`coalesce(json_agg(distinct ${supplies.customerId}) filter (where ${supplies.customerId} is not null), '[]')::text`,
      })
      .from(offers)
      .leftJoin(supplies, eq(supplies.offerId, offers.id))
      .where(matching({ id: offers.id, key: offers.key, extKey: offers.extKey }, forms, value))
      .groupBy(offers.id)
      .limit(MATCH_LIMIT);
    return rows.map((row) => ({
      owner: 'customers',
      customerIds: (JSON.parse(row.customerIds) as (number | string)[]).map(Number),
      key: row.key,
    }));
  },

  async notification(db, _forms, value) {
    const rows = await db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.id, numericId(value)))
      .limit(MATCH_LIMIT);
    return rows.map((row) => ({ owner: 'user', userId: row.userId }));
  },

  async user(db, forms, value) {
    const rows = await db
      .select({ userId: users.id })
      .from(users)
      .where(matching({ id: users.id, key: users.key }, forms, value))
      .limit(MATCH_LIMIT);
    return rows.map((row) => ({ owner: 'user', userId: row.userId }));
  },

  /** A personal read-only token, named by its key in the profile's list (ADR 037). */
  async personalToken(db, _forms, value) {
    const rows = await db
      .select({ userId: personalTokens.userId })
      .from(personalTokens)
      .where(eq(personalTokens.key, value))
      .limit(MATCH_LIMIT);
    return rows.map((row) => ({ owner: 'user', userId: row.userId }));
  },

  /** A data archive of "I tuoi dati", named by its key (ADR 039): its user's alone. */
  async dataArchive(db, _forms, value) {
    const rows = await db
      .select({ userId: dataArchives.userId })
      .from(dataArchives)
      .where(eq(dataArchives.key, value))
      .limit(MATCH_LIMIT);
    return rows.map((row) => ({ owner: 'user', userId: row.userId }));
  },

  /** One of a user's passkeys, named by its key to remove it (ADR 038). */
  async passkey(db, _forms, value) {
    const rows = await db
      .select({ userId: passkeys.userId })
      .from(passkeys)
      .where(eq(passkeys.key, value))
      .limit(MATCH_LIMIT);
    return rows.map((row) => ({ owner: 'user', userId: row.userId }));
  },

  /** One of a user's sessions, named by its key in "Dispositivi e accessi" (ADR 037). */
  async userSession(db, _forms, value) {
    const rows = await db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.key, value))
      .limit(MATCH_LIMIT);
    // A guest session (no user) is no one's to end from a list.
    return rows.map((row) => ({ owner: 'user', userId: row.userId ?? 0 }));
  },

  /** Only the SHA-256 of a link's token is kept (db/link-token.ts). */
  async link(db, _forms, value) {
    const rows = await db
      .select({ customerId: links.customerId })
      .from(links)
      .where(eq(links.tokenHash, hashLinkToken(value)))
      .limit(MATCH_LIMIT);
    return rows.map((row) => ({ owner: 'link', customerId: row.customerId }));
  },
};

/** The kinds whose owners can be looked up (a session is decided on its id alone: check-reach.ts). */
export const resolvableKinds = new Set(Object.keys(RESOLVERS) as EntityKind[]);

/**
 * Kinds whose lookups are never kept by the owner cache (owner-cache.ts). Every other kind's owner is
 * written with its row and never updated (no module sets a row's `customer_id` or `user_id` again).
 * - offer: its customers are those with a supply under it, which a new supply or an activation changes;
 * - link: a link is followed once or twice, and its token, a secret, is better not kept in memory.
 */
const NEVER_KEPT = new Set<EntityKind>(['offer', 'link']);

export function ownersOf(db: Db, kind: EntityKind, forms: readonly Form[], value: string): Promise<Owned[]> {
  const resolve = RESOLVERS[kind];
  if (!resolve) throw new Error(`no owner lookup for entity kind "${kind}" (platform/reach/owners.ts)`);
  return resolve(db, forms, value);
}

/**
 * `ownersOf` through the owner cache: an identifier found once is not asked again while kept. The
 * forms are part of the key (a value may name one row by id and another by ERP key), in one order
 * whatever order a call declares them in.
 */
export function cachedOwners(db: Db, cache: OwnerCache) {
  return async (kind: EntityKind, forms: readonly Form[], value: string): Promise<readonly Owned[]> => {
    if (NEVER_KEPT.has(kind)) return ownersOf(db, kind, forms, value);
    const key = `${kind}|${[...forms].sort().join(',')}|${value}`;
    const kept = cache.get(key, Date.now());
    if (kept) return kept;
    const owned = await ownersOf(db, kind, forms, value);
    cache.set(key, owned, Date.now());
    return owned;
  };
}

export type { Form as IdentifierForm };
