// SQL of the work queues (ADR 042). The list reads complaints, requests, delegation requests, readings
// and customers directly, read-only, in one statement, as the one-box search does (ADR 041): one queue
// ordered by age and filtered by clock across four tables cannot be paged from four services' answers.
// Every change to an item goes through its module's function (complaints' answer, requests' phase, the
// delegation's workflow reply); this module writes only `staff_work`, its own table, which also keeps a
// reading anomaly's answer (the reading is the ERP's verdict and does not change).
import { textArray } from '@sportello/db/arrays';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import {
  complaints,
  readings,
  readingSubmissions,
  requests,
  staffUsers,
  staffWork,
  workflowTasks,
} from '@sportello/db/schema';
import { staffQueues } from '@sportello/contract';

export type ItemKind = (typeof staffQueues.ITEM_KINDS)[number];

/** The request types the queues hold (the contract's list, so the console links only those). */
export const QUEUED_REQUEST_TYPES: readonly string[] = staffQueues.QUEUED_REQUEST_TYPES;
const OPEN_REQUEST = ['Aperto', 'InLavorazione'];
/**
 * Days a request is answered within: the TIQV's 30 for a written information request, our target for the
 * rest. A request whose rule sets its own day carries it as `payload.dueOn` (a privacy request's month).
 */
export const REQUEST_DAYS = 30;
/**
 * Our target for a delegation request nobody confirmed: the delegate waits to reach the supplies, and a
 * week is when a delegator who ignored the mail is worth a call.
 */
export const DELEGATION_DAYS = 7;
/** Our target for a reading anomaly: answered before the next monthly self-reading window. */
export const READING_DAYS = 10;
const LIST_LIMIT = 200;

export interface QueueRow {
  kind: ItemKind;
  id: number;
  key: string;
  company: string;
  customerId: number;
  customerName: string;
  whatCode: string;
  subject: string | null;
  openedAt: Date;
  dueDate: string;
  status: string;
  answered: boolean;
  assigneeUsername: string | null;
  assigneeName: string | null;
  escalated: boolean;
  version: number;
}

interface RawRow {
  kind: ItemKind;
  id: string;
  key: string;
  company: string;
  customer_id: string;
  customer_name: string;
  what_code: string;
  subject: string | null;
  opened_at: string | Date;
  due_date: string | Date;
  status: string;
  answered: boolean;
  assignee_username: string | null;
  assignee_name: string | null;
  escalated: boolean;
  version: number | string;
}

const isoDay = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

const toRow = (r: RawRow): QueueRow => ({
  kind: r.kind,
  id: Number(r.id),
  key: r.key,
  company: r.company,
  customerId: Number(r.customer_id),
  customerName: r.customer_name,
  whatCode: r.what_code,
  subject: r.subject,
  openedAt: new Date(r.opened_at),
  dueDate: isoDay(r.due_date),
  status: r.status,
  answered: r.answered,
  assigneeUsername: r.assignee_username,
  assigneeName: r.assignee_name,
  escalated: r.escalated,
  version: Number(r.version),
});

export interface QueueFilter {
  brands: readonly string[];
  /** Open items only (the queue), or any state (one item's page). */
  openOnly: boolean;
  /** One kind only; else every kind. */
  kind?: ItemKind;
  /** writeUs: Information requests; request: the other types. */
  requestTypes?: readonly string[];
  item?: { kind: ItemKind; id: number };
  assignee?: number | 'nobody';
  /** Due on or before this day (Europe/Rome), or escalated when `orEscalated`. */
  dueBy?: string;
  orEscalated?: boolean;
}

export function createQueuesRepository(db: Db) {
  return {
    /** The queue's items, oldest first: every kind of the brands, with who works them. */
    async list(filter: QueueFilter): Promise<QueueRow[]> {
      const brands = textArray(filter.brands);
      const types = textArray(filter.requestTypes ?? QUEUED_REQUEST_TYPES);
      const openComplaint = filter.openOnly ? sql`and c.answered_at is null` : sql``;
      const openRequest = filter.openOnly ? sql`and r.status = any(${textArray(OPEN_REQUEST)})` : sql``;
      const conditions: SQL[] = [];
      if (filter.item) conditions.push(sql`i.kind = ${filter.item.kind} and i.id = ${filter.item.id}`);
      if (filter.assignee === 'nobody') conditions.push(sql`w.assignee_id is null`);
      else if (filter.assignee !== undefined) conditions.push(sql`w.assignee_id = ${filter.assignee}`);
      if (filter.dueBy !== undefined)
        conditions.push(
          filter.orEscalated
            ? sql`(i.due_date <= ${filter.dueBy}::date or w.escalated_at is not null)`
            : sql`i.due_date <= ${filter.dueBy}::date`,
        );
      const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      const parts: Record<ItemKind, SQL> = {
        complaint: sql`select 'complaint' as kind, c.id, c.key, c.company_code, c.customer_id,
                  c.category as what_code, null::text as subject, c.filed_at as opened_at, c.due_date,
                  case when c.answered_at is null then 'Aperto' else 'Risposto' end as status,
                  c.answered_at is not null as answered
                from complaints c where c.company_code = any(${brands}) ${openComplaint}`,
        request: sql`select 'request' as kind, r.id, r.key, r.company_code, r.customer_id, r.request_type as what_code,
                  r.payload->>'subject' as subject, r.created_date as opened_at,
                  coalesce((r.payload->>'dueOn')::date,
                    (r.created_date at time zone 'Europe/Rome')::date + ${REQUEST_DAYS}::int) as due_date,
                  r.status, r.answer is not null as answered
                from requests r where r.company_code = any(${brands}) and r.request_type = any(${types})
                  ${openRequest}`,
        // A delegation is decided by the delegator (its workflow task) or a supervisor after their call.
        delegation: sql`select 'delegation' as kind, d.id, d.workflow_id as key, dc.company_code, d.customer_id,
                  'delegation' as what_code, du.username as subject, d.created_at as opened_at,
                  (d.created_at at time zone 'Europe/Rome')::date + ${DELEGATION_DAYS}::int as due_date,
                  case d.status when 'pending' then 'Aperto' when 'granted' then 'Confermata'
                    else 'Rifiutata' end as status,
                  d.status <> 'pending' as answered
                from delegation_requests d join customers dc on dc.id = d.customer_id
                  join users du on du.id = d.user_id
                where dc.company_code = any(${brands}) ${filter.openOnly ? sql`and d.status = 'pending'` : sql``}`,
        // A self-reading the ERP refused, or one the portal's plausibility check flagged (the customer
        // confirmed a value far above the history, or a lower one for a replaced meter) the ERP has not
        // validated yet. Open until the queue answers it. `source = 'self' and status <> 'validated'`
        // is the partial index readings_self_unvalidated_idx: the few not validated of millions.
        reading: sql`select 'reading' as kind, rd.id, 'READING-' || rd.id as key, rc.company_code,
                  sp.customer_id, case when rd.status = 'refused' then 'refused' else 'implausible' end as what_code,
                  sp.point_code as subject, coalesce(rs.created_at, rd.created_at) as opened_at,
                  (coalesce(rs.created_at, rd.created_at) at time zone 'Europe/Rome')::date
                    + ${READING_DAYS}::int as due_date,
                  case when rw.answered_at is null then 'Aperto' else 'Risposto' end as status,
                  rw.answered_at is not null as answered
                from readings rd join supplies sp on sp.id = rd.supply_id
                  join customers rc on rc.id = sp.customer_id
                  left join lateral (select s.created_at, s.implausible, s.meter_replaced
                    from reading_submissions s where s.reading_id = rd.id order by s.id limit 1) rs on true
                  left join staff_work rw on rw.item_kind = 'reading' and rw.item_id = rd.id
                where rc.company_code = any(${brands}) and rd.source = 'self' and rd.status <> 'validated'
                  and (rd.status = 'refused'
                    or jsonb_array_length(coalesce(rs.implausible, '[]'::jsonb)) > 0 or rs.meter_replaced)
                  ${filter.openOnly ? sql`and rw.answered_at is null` : sql``}`,
      };
      const only = filter.kind ?? filter.item?.kind;
      const kinds = only ? [only] : staffQueues.ITEM_KINDS;
      const union = sql.join(
        kinds.map((k) => parts[k]),
        sql` union all `,
      );
      const result = (await db.execute(sql`
        with i as (${union})
        select i.kind, i.id, i.key, i.company_code as company, i.customer_id, cu.name as customer_name,
               i.what_code, i.subject, i.opened_at, i.due_date, i.status, i.answered,
               su.username as assignee_username, su.display_name as assignee_name,
               w.escalated_at is not null as escalated, coalesce(w.version, 0) as version
        from i join customers cu on cu.id = i.customer_id
        left join staff_work w on w.item_kind = i.kind and w.item_id = i.id
        left join staff_users su on su.id = w.assignee_id
        ${where}
        order by i.opened_at, i.id
        limit ${LIST_LIMIT}`)) as unknown as { rows: RawRow[] };
      return result.rows.map(toRow);
    },

    /** What the customer wrote and what was answered (a delegation: what the delegator was asked). */
    async texts(kind: Exclude<ItemKind, 'reading'>, id: number, key: string) {
      if (kind === 'complaint') {
        const [row] = await db
          .select({ body: complaints.body, answer: complaints.answer, answeredAt: complaints.answeredAt })
          .from(complaints)
          .where(eq(complaints.id, id));
        return row ?? null;
      }
      if (kind === 'delegation') {
        const [row] = await db
          .select({ body: workflowTasks.description })
          .from(workflowTasks)
          .where(eq(workflowTasks.workflowId, key));
        return { body: row?.body ?? '', answer: null, answeredAt: null };
      }
      const [row] = await db
        .select({
          description: requests.description,
          payload: requests.payload,
          answer: requests.answer,
          closedDate: requests.closedDate,
        })
        .from(requests)
        .where(eq(requests.id, id));
      if (!row) return null;
      const written = row.payload?.description;
      return {
        body: typeof written === 'string' ? written : (row.description ?? ''),
        answer: row.answer,
        answeredAt: row.answer ? row.closedDate : null,
      };
    },

    /** A reading anomaly's facts (the values, the ERP's note, the plausibility flags) and its answer. */
    async reading(id: number, executor: Db = db) {
      const [row] = await executor
        .select({
          date: readings.readingDate,
          supplyId: readings.supplyId,
          values: readings.values,
          status: readings.status,
          note: readings.note,
          implausible: readingSubmissions.implausible,
          meterReplaced: readingSubmissions.meterReplaced,
          answer: staffWork.answer,
          answeredAt: staffWork.answeredAt,
        })
        .from(readings)
        .leftJoin(readingSubmissions, eq(readingSubmissions.readingId, readings.id))
        .leftJoin(staffWork, and(eq(staffWork.itemKind, 'reading'), eq(staffWork.itemId, readings.id)))
        .where(eq(readings.id, id))
        .orderBy(readingSubmissions.id)
        .limit(1);
      return row ?? null;
    },

    /** The item's work row, made if missing and locked for the caller's transaction. */
    async lockWork(tx: Db, kind: ItemKind, itemId: number) {
      await tx.insert(staffWork).values({ itemKind: kind, itemId }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(staffWork)
        .where(and(eq(staffWork.itemKind, kind), eq(staffWork.itemId, itemId)))
        .for('update');
      if (!row) throw new Error('staff_work row missing after insert');
      return row;
    },

    async updateWork(
      tx: Db,
      id: number,
      change: Partial<
        Pick<
          typeof staffWork.$inferInsert,
          | 'assigneeId'
          | 'assignedAt'
          | 'escalatedAt'
          | 'escalatedBy'
          | 'escalationReason'
          | 'answer'
          | 'answeredAt'
        >
      >,
      now: Date,
    ) {
      await tx
        .update(staffWork)
        .set({ ...change, version: sql`${staffWork.version} + 1`, updatedAt: now })
        .where(eq(staffWork.id, id));
    },

    async escalationOf(kind: ItemKind, itemId: number) {
      const [row] = await db
        .select({ at: staffWork.escalatedAt, reason: staffWork.escalationReason, by: staffUsers.displayName })
        .from(staffWork)
        .innerJoin(staffUsers, eq(staffUsers.id, staffWork.escalatedBy))
        .where(and(eq(staffWork.itemKind, kind), eq(staffWork.itemId, itemId)));
      return row?.at && row.reason ? { at: row.at, reason: row.reason, by: row.by } : null;
    },

    /** Active staff who work a brand: those an item of it may be passed to. */
    async colleagues(brand: string) {
      return db
        .select({ id: staffUsers.id, username: staffUsers.username, displayName: staffUsers.displayName })
        .from(staffUsers)
        .where(and(eq(staffUsers.active, true), sql`${brand} = any(${staffUsers.brands})`))
        .orderBy(staffUsers.displayName);
    },
  };
}

export type QueuesRepository = ReturnType<typeof createQueuesRepository>;
