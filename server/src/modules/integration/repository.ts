// The integration module's tables (ADR 036): machine clients and their secrets, and what the ERP loaded
// by its own key with the version last applied. The signing key is platform's (platform/machine).
import { anyOf, textArray } from '@sportello/db/arrays';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { integrationClients, integrationClientSecrets, integrationRecords } from '@sportello/db/schema';
import { insertMany } from '../../platform/insert-many.js';

export type ClientRow = typeof integrationClients.$inferSelect;
export type RecordKind =
  | 'customer'
  | 'contract'
  | 'supply'
  | 'bill'
  | 'payment'
  | 'reading'
  | 'readingWindow'
  | 'request'
  | 'complaint'
  | 'curve'
  | 'prices'
  | 'offer'
  | 'message'
  | 'proposal'
  | 'priceChange';
export interface RecordKey {
  companyCode: string;
  kind: RecordKind;
  extKey: string;
}

/** The record an ERP key names: its brand, kind and key. */
const recordQuery = (tx: Db, key: RecordKey) =>
  tx
    .select()
    .from(integrationRecords)
    .where(
      and(
        eq(integrationRecords.companyCode, key.companyCode),
        eq(integrationRecords.kind, key.kind),
        eq(integrationRecords.extKey, key.extKey),
      ),
    );

/**
 * The brand's gate over its points until the caller's transaction ends: shared by every one-record
 * customer load (with its points' own locks), alone for a batch of the initial load, which then meets
 * no one-record load between reading the brand's points and writing its own. Taken before any record's
 * key, so the two orders never cross.
 */
async function gatePoints(tx: Db, companyCode: string, mode: 'shared' | 'alone') {
  const name = `${companyCode} points`;
  await (mode === 'shared'
    ? tx.execute(sql`select pg_advisory_xact_lock_shared(hashtextextended(${name}, 0))`)
    : tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`));
}

export function createIntegrationRepository(db: Db) {
  return {
    db,

    async insertClient(client: typeof integrationClients.$inferInsert, secretHash: string) {
      await db.transaction(async (tx) => {
        await tx.insert(integrationClients).values(client);
        await tx.insert(integrationClientSecrets).values({ clientId: client.id, secretHash });
      });
    },

    async client(id: string): Promise<ClientRow | undefined> {
      const [row] = await db.select().from(integrationClients).where(eq(integrationClients.id, id));
      return row;
    },

    clients: () => db.select().from(integrationClients).orderBy(asc(integrationClients.createdAt)),

    async disable(id: string, now: Date) {
      const rows = await db
        .update(integrationClients)
        .set({ disabledAt: now })
        .where(eq(integrationClients.id, id))
        .returning({ id: integrationClients.id });
      return rows.length > 0;
    },

    /** The secrets that still open the client: the current one and those rotated out but not yet ended. */
    validSecrets: (clientId: string, now: Date) =>
      db
        .select()
        .from(integrationClientSecrets)
        .where(
          and(
            eq(integrationClientSecrets.clientId, clientId),
            or(isNull(integrationClientSecrets.validUntil), gt(integrationClientSecrets.validUntil, now)),
          ),
        ),

    /** A new secret; every secret still open ends at `oldUntil` (no later than it already would). */
    async rotate(clientId: string, secretHash: string, oldUntil: Date, now: Date) {
      await db.transaction(async (tx) => {
        const open = await tx
          .select()
          .from(integrationClientSecrets)
          .where(
            and(
              eq(integrationClientSecrets.clientId, clientId),
              or(isNull(integrationClientSecrets.validUntil), gt(integrationClientSecrets.validUntil, now)),
            ),
          );
        for (const secret of open) {
          const until = secret.validUntil && secret.validUntil < oldUntil ? secret.validUntil : oldUntil;
          await tx
            .update(integrationClientSecrets)
            .set({ validUntil: until })
            .where(eq(integrationClientSecrets.id, secret.id));
        }
        await tx.insert(integrationClientSecrets).values({ clientId, secretHash });
      });
    },

    /**
     * The record an ERP key names, locked until the caller's transaction ends (two loads of one key
     * queue). The key itself is locked first: a row lock holds only a record already there, so two
     * first loads of a new key would both write it and the second fail on the unique keys; this way
     * the second waits, then finds the first's version.
     */
    async lockRecord(tx: Db, key: RecordKey) {
      // Brands, kinds and ERP keys hold no space: the three joined by one name one key only.
      const name = `${key.companyCode} ${key.kind} ${key.extKey}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
      const [row] = await recordQuery(tx, key).for('update');
      return row;
    },

    /**
     * The brand's points (POD, PDR) a customer record puts supplies on, locked until the caller's
     * transaction ends, in order so two records on the same points queue rather than deadlock: the
     * per-key lock lets two customers in at once, and each would read the other's supply as not there
     * yet. Taken after the customer's key, before the points are read, by a load that holds the
     * brand's point gate shared (`gatePoints`); the initial load's batch, which writes thousands of
     * points at once, holds the gate alone instead of one lock per point.
     */
    async lockPoints(tx: Db, companyCode: string, pointCodes: readonly string[]) {
      for (const point of [...new Set(pointCodes)].sort()) {
        // "point" is no record kind, so this name is never a record key's.
        const name = `${companyCode} point ${point}`;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
      }
    },

    gatePoints,

    async record(tx: Db, key: RecordKey) {
      const [row] = await recordQuery(tx, key);
      return row;
    },

    /** The version written, with its content's fingerprint (null: a part compared through its whole). */
    async saveRecord(
      tx: Db,
      key: RecordKey,
      entityId: number,
      version: number,
      now: Date,
      contentHash: string | null,
    ) {
      await tx
        .insert(integrationRecords)
        .values({ ...key, entityId, version, contentHash, updatedAt: now })
        .onConflictDoUpdate({
          target: [integrationRecords.companyCode, integrationRecords.kind, integrationRecords.extKey],
          set: { entityId, version, contentHash, updatedAt: now },
        });
    },

    /**
     * The records of many keys of one kind in a brand, by key, locked until the caller's transaction
     * ends when `lock` (the initial load's batches, ADR 046).
     */
    async recordsByKey(
      tx: Db,
      companyCode: string,
      kind: RecordKind,
      extKeys: readonly string[],
      lock: boolean,
    ) {
      const held = new Map<string, typeof integrationRecords.$inferSelect>();
      if (extKeys.length === 0) return held;
      const query = tx
        .select()
        .from(integrationRecords)
        .where(
          and(
            eq(integrationRecords.companyCode, companyCode),
            eq(integrationRecords.kind, kind),
            anyOf(integrationRecords.extKey, textArray(new Set(extKeys))),
          ),
        );
      for (const row of await (lock ? query.for('update') : query)) held.set(row.extKey, row);
      return held;
    },

    /**
     * Records of keys nobody held (the initial load's new rows): a plain insert, so a key another
     * process loaded meanwhile fails the batch rather than being overwritten.
     */
    async insertRecords(
      tx: Db,
      records: readonly (RecordKey & { entityId: number; version: number; contentHash: string | null })[],
      now: Date,
    ) {
      await insertMany(
        tx,
        integrationRecords,
        records.map((r) => ({ ...r, updatedAt: now })),
      );
    },
  };
}

export type IntegrationRepository = ReturnType<typeof createIntegrationRepository>;
