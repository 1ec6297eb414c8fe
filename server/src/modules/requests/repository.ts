// SQL for requests (tickets/practices of SPEC §3): lists, one request, and creating one.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey } from '@sportello/db/ids';
import { requests } from '@sportello/db/schema';
import { erpKeyOf } from '../../platform/events/erp-keys.js';
import { recordEvent } from '../../platform/events/outbox.js';

export type RequestRow = typeof requests.$inferSelect;
export type NewRequest = Omit<typeof requests.$inferInsert, 'id' | 'key' | 'createdDate'>;

const CLOSED_STATUS = 'Chiuso';

/** Keys are random, so they say nothing about how many requests exist. */
const newKey = () => `REQ-${randomBytes(6).toString('hex').toUpperCase()}`;

export function createRequestsRepository(db: Db) {
  return {
    async list(
      filter: { customerId?: number; contractId?: number; requestType?: string | undefined },
      page: { skip: number; take: number },
    ): Promise<{ count: number; rows: RequestRow[] }> {
      const conditions: (SQL | undefined)[] = [
        filter.customerId === undefined ? undefined : eq(requests.customerId, filter.customerId),
        filter.contractId === undefined ? undefined : eq(requests.contractId, filter.contractId),
        filter.requestType ? eq(requests.requestType, filter.requestType) : undefined,
      ];
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(requests)
          .where(where)
          .orderBy(desc(requests.createdDate), desc(requests.id))
          .limit(page.take)
          .offset(page.skip),
        db.select({ value: count() }).from(requests).where(where),
      ]);
      return { count: total?.value ?? 0, rows };
    },

    async find(idOrKey: string): Promise<RequestRow | undefined> {
      const [row] = await db
        .select()
        .from(requests)
        .where(byIdOrKey(requests.id, requests.key, idOrKey))
        .limit(1);
      return row;
    },

    /** The newest `limit` requests of a type on a contract (index requests_contract_type_idx). */
    async latestOfContract(tx: Db, contractId: number, requestType: string, limit: number) {
      return tx
        .select({
          requestType: requests.requestType,
          status: requests.status,
          phaseCode: requests.phaseCode,
          createdDate: requests.createdDate,
        })
        .from(requests)
        .where(and(eq(requests.contractId, contractId), eq(requests.requestType, requestType)))
        .orderBy(desc(requests.createdDate), desc(requests.id))
        .limit(limit);
    },

    /** Requests of a type about one invoice that the back office has not closed yet. */
    async openForInvoice(tx: Db, requestType: string, invoiceId: number): Promise<number> {
      return tx.$count(
        requests,
        and(
          eq(requests.requestType, requestType),
          sql`${requests.payload}->>'invoiceId' = ${String(invoiceId)}`,
          ne(requests.status, CLOSED_STATUS),
        ),
      );
    },

    /**
     * A new request and its `request.opened` event for the supplier's systems, in one transaction (the
     * caller's, as a savepoint, when it gives one: ADR 036's outbox).
     */
    async insert(tx: Db, values: NewRequest): Promise<{ id: number; key: string }> {
      return tx.transaction(async (inner) => {
        const [row] = await inner
          .insert(requests)
          .values({ ...values, key: newKey() })
          .returning({ id: requests.id, key: requests.key });
        if (!row) throw new Error('request not inserted');
        await recordEvent(inner, {
          companyCode: values.companyCode,
          customerId: values.customerId,
          kind: 'request.opened',
          entityKey: row.key,
          payload: {
            requestKey: row.key,
            requestType: values.requestType,
            status: values.status,
            description: values.description ?? null,
            contractId: values.contractId ?? null,
            contractExtKey: await erpKeyOf(inner, 'contract', values.contractId),
            details: values.payload ?? null,
          },
        });
        return row;
      });
    },
  };
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
