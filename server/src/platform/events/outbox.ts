// The outbox of customer actions the supplier must act on (ADR 036): a module records
// an event in the SAME transaction as the action (a request opened, a self-reading sent), so an action
// is never without its event nor an event without its action. The care staff's actions the customer
// sees are events too, naming the staff member (ADR 050). The pull feed reads them by cursor.
//
// The cursor is `position`, not the row's id: ids are taken when a transaction inserts, positions when
// the feed first sees a committed row, under one lock and in id order. A transaction that commits after
// a reader passed its id still gets a position after that reader's cursor, so nothing is skipped.
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { integration } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import {
  customers,
  integrationClients,
  integrationEvents,
  integrationRecords,
  integrationWebhooks,
  jobs,
  staffUsers,
} from '@sportello/db/schema';

/** An event of a kind with its payload, as the contract documents it (ADR 040). */
export type IntegrationEvent = {
  [K in integration.EventKind]: {
    companyCode: string;
    customerId: number;
    kind: K;
    entityKey: string;
    payload: integration.EventPayload<K>;
    /** The care staff member whose action it is (ADR 050); none: the customer's own. */
    staffUserId?: number | null;
  };
}[integration.EventKind];

/** The job that delivers a brand's events to one of its webhooks (the integration module runs it, ADR 036, 048). */
export const WEBHOOK_JOB = 'integration.webhooks';

/**
 * Records an event in the caller's transaction: `tx` must be the one that writes the action. Where the
 * brand has a webhook, a delivery job is queued in the same transaction (the jobs queue retries it).
 */
export async function recordEvent(tx: Db, event: IntegrationEvent): Promise<void> {
  // The payload is what the contract says the kind carries, or the action fails with it: the feed
  // never gives a shape its readers were not told of.
  const payload = integration.EVENT_PAYLOADS[event.kind].parse(event.payload) as Record<string, unknown>;
  const [row] = await tx
    .insert(integrationEvents)
    .values({ ...event, payload })
    .returning({ id: integrationEvents.id });
  // One job per webhook that receives (not paused, its client not disabled): each webhook is
  // delivered, retried and leased on its own (ADR 048).
  const hooks = await tx
    .select({ id: integrationWebhooks.id })
    .from(integrationWebhooks)
    .innerJoin(integrationClients, eq(integrationClients.id, integrationWebhooks.clientId))
    .where(
      and(
        eq(integrationWebhooks.companyCode, event.companyCode),
        isNull(integrationWebhooks.pausedAt),
        isNull(integrationClients.disabledAt),
      ),
    );
  if (row && hooks.length > 0)
    await tx
      .insert(jobs)
      .values(
        hooks.map((hook) => ({
          kind: WEBHOOK_JOB,
          payload: { brand: event.companyCode, webhookId: hook.id },
          idempotencyKey: `${WEBHOOK_JOB}:${hook.id}:${row.id}`,
          runAt: new Date(),
        })),
      )
      .onConflictDoNothing({ target: jobs.idempotencyKey });
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Records an event for a customer known by id only: its brand read in the same transaction. */
export async function recordCustomerEvent(
  tx: Db,
  event: DistributiveOmit<IntegrationEvent, 'companyCode'>,
): Promise<void> {
  const [customer] = await tx
    .select({ companyCode: customers.companyCode })
    .from(customers)
    .where(eq(customers.id, event.customerId));
  if (!customer) throw new Error(`event for a customer that does not exist: ${event.customerId}`);
  await recordEvent(tx, { ...event, companyCode: customer.companyCode } as IntegrationEvent);
}

/** Any key of ours for the feed's lock (pg_advisory_xact_lock): the positions are given one reader at a time. */
const POSITION_LOCK = 0x1d0e_27;

/** Gives the committed events without a position theirs, in id order, after every position given. */
export async function positionCommitted(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${POSITION_LOCK})`);
    await tx.execute(sql`
      with base as (select coalesce(max(position), 0) as top from integration_events),
      waiting as (
        select id, row_number() over (order by id) as n from integration_events where position is null
      )
      update integration_events e set position = base.top + waiting.n
      from base, waiting where e.id = waiting.id`);
    const [row] = await tx
      .select({ top: sql<string>`coalesce(max(${integrationEvents.position}), 0)` })
      .from(integrationEvents);
    return Number(row?.top ?? 0);
  });
}

export type FeedEvent = integration.FeedEvent;

/** The brand's events after `after` (a cursor this feed gave; none: from the start), at most `limit`. */
export async function readFeed(db: Db, brand: string, after: number, limit: number) {
  await positionCommitted(db);
  const rows = await db
    .select({
      position: integrationEvents.position,
      kind: integrationEvents.kind,
      createdAt: integrationEvents.createdAt,
      entityKey: integrationEvents.entityKey,
      payload: integrationEvents.payload,
      staffId: integrationEvents.staffUserId,
      staffUsername: staffUsers.username,
      customerId: customers.id,
      customerKey: customers.key,
      customerCode: customers.customerCode,
      customerExtKey: integrationRecords.extKey,
    })
    .from(integrationEvents)
    .innerJoin(customers, eq(customers.id, integrationEvents.customerId))
    .leftJoin(staffUsers, eq(staffUsers.id, integrationEvents.staffUserId))
    .leftJoin(
      integrationRecords,
      and(
        eq(integrationRecords.companyCode, integrationEvents.companyCode),
        eq(integrationRecords.kind, 'customer'),
        eq(integrationRecords.entityId, integrationEvents.customerId),
      ),
    )
    .where(
      and(
        eq(integrationEvents.companyCode, brand),
        isNotNull(integrationEvents.position),
        gt(integrationEvents.position, after),
      ),
    )
    .orderBy(asc(integrationEvents.position))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  // Each payload was checked against its kind's schema when it was written (recordEvent).
  const events = page.map((r) => ({
    cursor: String(r.position),
    kind: r.kind,
    occurredAt: r.createdAt.toISOString(),
    customer: {
      id: String(r.customerId),
      key: r.customerKey,
      code: r.customerCode,
      extKey: r.customerExtKey,
    },
    staff: r.staffId === null ? null : { id: String(r.staffId), username: r.staffUsername ?? '' },
    entityKey: r.entityKey,
    payload: r.payload,
  })) as FeedEvent[];
  return {
    events,
    next: page.length > 0 ? String(page.at(-1)!.position) : after > 0 ? String(after) : null,
    more: rows.length > limit,
  };
}
