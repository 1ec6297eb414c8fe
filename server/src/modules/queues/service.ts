// The care console's work queues (ADR 042). route() has checked the staff session,
// its role and the customer's brand; here an item must be the named customer's and of a queue. Every
// change runs in one transaction: the item's work row locked and its version compared (two operators
// at once: one wins, the other 409), the item changed through its module (complaints' answer,
// requests' phase; a reading anomaly's answer is the queue's own), the staff audit row, and the
// customer's notice queued as the ERP's answers are (integration notices: a message in Messaggi and the
// channels the customer chose), sent after commit. Every change the customer sees (an answer, a phase)
// and every escalation is an event for the supplier's systems in the same transaction, with the staff
// member's id and the ERP's keys (ADR 050). A delegation is not answered here: a supervisor
// confirms it by the account's fix (confirmCustomerDelegation), the one path besides the delegator's.
import { staffQueues, type CompanyCode } from '@sportello/contract';
import {
  addDays,
  COMPLAINT_CATEGORIES,
  daysToAnswer,
  formatDate,
  REQUEST_TYPE,
  requestTypeLabel,
  todayInRome,
  type ComplaintCategory,
} from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import type * as z from 'zod/mini';
import { conflict, fieldError, notFound, unprocessable } from '../../http/app-error.js';
import { erpKeyOf } from '../../platform/events/erp-keys.js';
import { recordEvent } from '../../platform/events/outbox.js';
import { writeStaffAudit, type StaffPrincipal } from '../../platform/staff/staff-sessions.js';
import type { ComplaintsService } from '../complaints/service.js';
import type { IntegrationService } from '../integration/service.js';
import type { RequestsService } from '../requests/service.js';
import type { NoticePayload } from '../integration/notices.js';
import {
  QUEUED_REQUEST_TYPES,
  type ItemKind,
  type QueueFilter,
  type QueueRow,
  type QueuesRepository,
} from './repository.js';

type QueueItem = staffQueues.QueueItem;
type Work = Awaited<ReturnType<QueuesRepository['lockWork']>>;
type QueueItemDetail = staffQueues.QueueItemDetail;
type Queue = staffQueues.Queue;
interface ItemRef {
  customerId: string;
  kind: ItemKind;
  item: string;
}

const queueOf = (row: QueueRow): Queue =>
  row.kind !== 'request' ? row.kind : row.whatCode === REQUEST_TYPE.information ? 'writeUs' : 'request';

function whatOf(row: QueueRow): string {
  if (row.kind === 'complaint')
    return COMPLAINT_CATEGORIES[row.whatCode as ComplaintCategory]?.label ?? COMPLAINT_CATEGORIES.other.label;
  if (row.kind === 'delegation') return `Richiesta di delega di ${row.subject ?? ''}`;
  if (row.kind === 'reading')
    return `${row.whatCode === 'refused' ? 'Autolettura rifiutata' : 'Autolettura anomala'}: ${row.subject ?? ''}`;
  const type = requestTypeLabel(row.whatCode);
  return row.subject ? `${type}: ${row.subject}` : type;
}

const isDone = (row: QueueRow) => row.answered || row.status === 'Chiuso' || row.status === 'Annullato';

function toItem(row: QueueRow, now: Date): QueueItem {
  return {
    kind: row.kind,
    item: String(row.id),
    queue: queueOf(row),
    key: row.key,
    company: row.company as CompanyCode,
    customerId: String(row.customerId),
    customerName: row.customerName,
    what: whatOf(row),
    openedAt: row.openedAt.toISOString(),
    dueDate: row.dueDate,
    daysLeft: isDone(row) ? null : daysToAnswer(row.dueDate, now),
    status: row.status,
    assignee: row.assigneeUsername
      ? { username: row.assigneeUsername, displayName: row.assigneeName ?? row.assigneeUsername }
      : null,
    escalated: row.escalated,
    version: row.version,
  };
}

export function createQueuesService(deps: {
  db: Db;
  repository: QueuesRepository;
  complaints: ComplaintsService;
  requests: RequestsService;
  integration: IntegrationService;
}) {
  const { db, repository, complaints, requests } = deps;
  const notices = deps.integration.notices;

  /** The item of the named customer, of a queue, within the account's brands; else 404. */
  async function find(staff: StaffPrincipal, ref: ItemRef) {
    const [row] = await repository.list({
      brands: staff.brands,
      openOnly: false,
      item: { kind: ref.kind, id: Number(ref.item) },
    });
    if (!row || String(row.customerId) !== ref.customerId) throw notFound();
    return row;
  }

  /** A reading anomaly as the operator reads it: the values sent and why they were refused or flagged. */
  async function readingTexts(id: number) {
    const reading = await repository.reading(id);
    if (!reading) return null;
    const values = Object.entries(reading.values)
      .map(([channel, value]) => `${channel} ${value}`)
      .join(', ');
    // The supplier's reason may end with its own full stop: one is enough.
    const why =
      reading.status === 'refused'
        ? `Rifiutata dal sistema di fatturazione: ${(reading.note ?? 'nessun motivo indicato').replace(/\.+$/, '')}.`
        : [
            ...(reading.implausible ?? []).map(
              (f) =>
                `${f.channel}: consumo dichiarato ${f.consumption}, atteso circa ${f.expected}; il cliente ha confermato il valore.`,
            ),
            ...(reading.meterReplaced
              ? ['Valore più basso del precedente: il cliente dice che il contatore è stato sostituito.']
              : []),
          ].join(' ');
    return {
      body: `Autolettura del ${formatDate(reading.date)}: ${values}. ${why}`,
      answer: reading.answer,
      answeredAt: reading.answeredAt,
    };
  }

  async function detail(staff: StaffPrincipal, ref: ItemRef, now: Date): Promise<QueueItemDetail> {
    const row = await find(staff, ref);
    const [texts, escalation, colleagues] = await Promise.all([
      row.kind === 'reading' ? readingTexts(row.id) : repository.texts(row.kind, row.id, row.key),
      repository.escalationOf(row.kind, row.id),
      repository.colleagues(row.company),
    ]);
    return {
      item: toItem(row, now),
      body: texts?.body ?? '',
      answer: texts?.answer ?? null,
      answeredAt: texts?.answeredAt?.toISOString() ?? null,
      escalation: escalation
        ? { at: escalation.at.toISOString(), by: escalation.by, reason: escalation.reason }
        : null,
      delegate: row.kind === 'delegation' ? row.subject : null,
      colleagues: colleagues.map((c) => ({ username: c.username, displayName: c.displayName })),
    };
  }

  /**
   * One change to an item, in one transaction: the work row locked and its version compared, the
   * change, the version bumped, the audit row; the customer's notice, if any, queued in it and sent
   * after the commit (as the ERP's answers are, integration/notices.ts).
   */
  async function change(
    staff: StaffPrincipal,
    ref: ItemRef,
    version: number,
    context: { address: string; now: Date; action: string; detail?: Record<string, unknown> },
    apply: (
      tx: Db,
      row: QueueRow,
      work: Work,
    ) => Promise<{
      notice?: { key: string; payload: NoticePayload };
      work?: Parameters<QueuesRepository['updateWork']>[2];
    }>,
  ) {
    const row = await find(staff, ref);
    const { now } = context;
    const queued = await db.transaction(async (tx) => {
      const work = await repository.lockWork(tx, row.kind, row.id);
      if (work.version !== version) throw conflict('staff_queue_changed');
      // An operator acts on what nobody or they hold; a colleague's item is a supervisor's to move.
      if (staff.role === 'operator' && work.assigneeId !== null && work.assigneeId !== staff.userId)
        throw conflict('staff_queue_held');
      const done = await apply(tx, row, work);
      await repository.updateWork(tx, work.id, done.work ?? {}, now);
      await writeStaffAudit(tx, {
        staffUserId: staff.userId,
        idHash: staff.idHash,
        action: context.action,
        customerId: row.customerId,
        detail: { kind: row.kind, item: row.id, key: row.key, ...context.detail },
        address: context.address,
      });
      if (!done.notice) return null;
      const jobId = await notices.queue(tx, done.notice.key, done.notice.payload, now);
      return { jobId, payload: done.notice.payload };
    });
    if (queued) await notices.sendNow(queued.jobId, queued.payload, now);
    return detail(staff, ref, now);
  }

  /**
   * An item still open: an answered complaint or reading, a closed request or a decided delegation
   * changes no more. A reading's state is its work row (locked by the caller); a delegation is decided
   * only by its workflow's reply, which refuses a second decision itself.
   */
  async function lockOpen(tx: Db, row: QueueRow, work: Work) {
    if (row.kind === 'reading' || row.kind === 'delegation') {
      if (work.answeredAt !== null || row.answered) throw conflict('staff_queue_done');
      return { kind: row.kind };
    }
    if (row.kind === 'complaint') {
      const locked = await complaints.lockByKey(tx, row.company, row.key);
      if (!locked) throw notFound();
      if (locked.answer !== null) throw conflict('staff_queue_done');
      return { kind: 'complaint' as const, ...locked };
    }
    const locked = await requests.lockByKey(tx, row.company, row.key);
    if (!locked) throw notFound();
    if (locked.status === 'Chiuso' || locked.status === 'Annullato') throw conflict('staff_queue_done');
    return { kind: 'request' as const, ...locked };
  }

  const listOf = async (filter: QueueFilter, now: Date) =>
    (await repository.list(filter)).map((row) => toItem(row, now));

  return {
    /** The queue of the account's brands (or the one brand asked), oldest first. */
    async list(staff: StaffPrincipal, query: z.output<typeof staffQueues.listStaffQueue.query>, now: Date) {
      const brands = query.brand ? staff.brands.filter((b) => b === query.brand) : staff.brands;
      if (brands.length === 0) return { items: [] };
      const filter: QueueFilter = { brands, openOnly: true };
      if (query.queue === 'complaint' || query.queue === 'delegation' || query.queue === 'reading')
        filter.kind = query.queue;
      else if (query.queue) {
        filter.kind = 'request';
        filter.requestTypes =
          query.queue === 'writeUs'
            ? [REQUEST_TYPE.information]
            : QUEUED_REQUEST_TYPES.filter((t) => t !== REQUEST_TYPE.information);
      }
      if (query.state === 'mine') filter.assignee = staff.userId;
      else if (query.state === 'unassigned') filter.assignee = 'nobody';
      else if (query.state === 'overdue') filter.dueBy = addDays(todayInRome(now), -1);
      return { items: await listOf(filter, now) };
    },

    /** The supervisor's view: due within AT_RISK_DAYS days (or overdue), or escalated. */
    async atRisk(staff: StaffPrincipal, now: Date) {
      const dueBy = addDays(todayInRome(now), staffQueues.AT_RISK_DAYS);
      return { items: await listOf({ brands: staff.brands, openOnly: true, dueBy, orEscalated: true }, now) };
    },

    /** One item's page; the view is audited before it is read (ADR 041). */
    async get(staff: StaffPrincipal, ref: ItemRef, address: string, now: Date) {
      await writeStaffAudit(db, {
        staffUserId: staff.userId,
        idHash: staff.idHash,
        action: 'queue_item_view',
        customerId: Number(ref.customerId),
        detail: { kind: ref.kind, item: Number(ref.item) },
        address,
      });
      return detail(staff, ref, now);
    },

    /** Takes the item (no assignee) or passes it to an active colleague of its brand. */
    async assign(
      staff: StaffPrincipal,
      ref: ItemRef,
      body: { version: number; assignee?: string | undefined },
      address: string,
      now: Date,
    ) {
      let assigneeId = staff.userId;
      if (body.assignee !== undefined && body.assignee !== staff.username) {
        const { company } = await find(staff, ref);
        const colleague = (await repository.colleagues(company)).find((c) => c.username === body.assignee);
        if (!colleague)
          throw unprocessable('staff_colleague_unknown', [fieldError('assignee', 'staff_colleague_unknown')]);
        assigneeId = colleague.id;
      }
      return change(
        staff,
        ref,
        body.version,
        { address, now, action: 'queue_assign', detail: { to: body.assignee ?? staff.username } },
        async () => ({ work: { assigneeId, assignedAt: now } }),
      );
    },

    /**
     * The answer: a complaint's (its clock stops), a request closed with it (Pratiche shows it), or a
     * reading anomaly's (closed with it); the item is the answerer's from then on. The customer is told
     * by message and channels. A delegation is confirmed, not answered.
     */
    async answer(
      staff: StaffPrincipal,
      ref: ItemRef,
      body: { version: number; answer: string },
      address: string,
      now: Date,
    ) {
      if (ref.kind === 'delegation') throw unprocessable('staff_queue_delegation');
      return change(
        staff,
        ref,
        body.version,
        { address, now, action: 'queue_answer', detail: { length: body.answer.length } },
        async (tx, row, held) => {
          const locked = await lockOpen(tx, row, held);
          const work = { assigneeId: staff.userId, assignedAt: now };
          if (locked.kind === 'reading') {
            const reading = await repository.reading(row.id, tx);
            const on = reading ? ` del ${formatDate(reading.date)}` : '';
            await recordEvent(tx, {
              companyCode: row.company,
              customerId: row.customerId,
              kind: 'selfReading.answered',
              entityKey: row.key,
              staffUserId: staff.userId,
              payload: {
                selfReadingKey: row.key,
                answer: body.answer,
                supplyId: reading?.supplyId ?? null,
                supplyExtKey: await erpKeyOf(tx, 'supply', reading?.supplyId),
              },
            });
            return {
              work: { ...work, answer: body.answer, answeredAt: now },
              notice: {
                key: `staff-answer:reading:${row.id}`,
                payload: {
                  type: 'message',
                  customerId: row.customerId,
                  title: 'Risposta sulla tua autolettura',
                  body: `Sull'autolettura${on} per la fornitura ${row.subject ?? ''}: ${body.answer}`,
                },
              },
            };
          }
          if (locked.kind === 'complaint') {
            await complaints.answerByStaff(tx, {
              id: locked.id,
              answer: body.answer,
              answeredAt: now,
              staffUserId: staff.userId,
            });
            const payload = complaints.answerNotice(locked.customerId, row.key, body.answer);
            return {
              work,
              notice: { key: `staff-answer:complaint:${row.id}`, payload: { type: 'message', ...payload } },
            };
          }
          if (locked.kind !== 'request') throw notFound(); // a delegation was refused above
          await requests.setPhase(tx, {
            id: locked.id,
            status: 'Chiuso',
            phaseCode: null,
            closedDate: now,
            answer: body.answer,
            staffUserId: staff.userId,
          });
          const payload = requests.phaseNotice(
            { ...locked, key: row.key },
            { status: 'Chiuso', phaseCode: null },
            `Risposta: ${body.answer}`,
          );
          return {
            work,
            notice: { key: `staff-answer:request:${row.id}`, payload: { type: 'message', ...payload } },
          };
        },
      );
    },

    /**
     * A billing complaint's rectification (ADR 063), answered or not: `rectified` on the day the bill
     * was corrected, or `not_due`; its clock stops, the customer is told, the ERP hears
     * `complaint.rectified`. The first outcome recorded stays (409), the same again changes nothing.
     */
    async rectify(
      staff: StaffPrincipal,
      ref: ItemRef,
      body: { version: number; outcome: 'rectified' | 'not_due'; on: string },
      address: string,
      now: Date,
    ) {
      if (ref.kind !== 'complaint') throw unprocessable('complaint_rectification_not_due_here');
      return change(
        staff,
        ref,
        body.version,
        { address, now, action: 'queue_rectify', detail: { outcome: body.outcome, on: body.on } },
        async (tx, row) => {
          const locked = await complaints.lockByKey(tx, row.company, row.key);
          if (!locked) throw notFound();
          // Noon UTC is the same calendar day in Rome, whatever the season.
          const record = { outcome: body.outcome, at: new Date(`${body.on}T12:00:00Z`) };
          const fits = complaints.rectificationFits(locked, record);
          if (fits === 'none') throw unprocessable('complaint_rectification_not_due_here');
          if (fits === 'other') throw conflict('complaint_already_rectified');
          if (fits === 'same') return {};
          if (body.on < todayInRome(locked.filedAt) || body.on > todayInRome(now))
            throw unprocessable('complaint_rectification_bad_day', [
              fieldError('on', 'complaint_rectification_bad_day'),
            ]);
          await complaints.rectify(tx, { id: locked.id, ...record, staffUserId: staff.userId });
          const payload = complaints.rectificationNotice(locked.customerId, row.key, record);
          return {
            notice: {
              key: `staff-rectification:complaint:${row.id}`,
              payload: { type: 'message', ...payload },
            },
          };
        },
      );
    },

    /** A request's phase, as Pratiche shows it; the customer is told of the change. */
    async phase(
      staff: StaffPrincipal,
      ref: ItemRef,
      body: { version: number; status: (typeof staffQueues.REQUEST_PHASES)[number] },
      address: string,
      now: Date,
    ) {
      if (ref.kind === 'delegation') throw unprocessable('staff_queue_delegation');
      if (ref.kind !== 'request')
        throw unprocessable('staff_queue_no_phase', [fieldError('status', 'staff_queue_no_phase')]);
      return change(
        staff,
        ref,
        body.version,
        { address, now, action: 'queue_phase', detail: { status: body.status } },
        async (tx, row, held) => {
          const locked = await lockOpen(tx, row, held);
          if (locked.kind !== 'request') throw notFound();
          await requests.setPhase(tx, {
            id: locked.id,
            status: body.status,
            phaseCode: null,
            closedDate: now,
            staffUserId: staff.userId,
          });
          const payload = requests.phaseNotice(
            { ...locked, key: row.key },
            { status: body.status, phaseCode: null },
            null,
          );
          return {
            notice: {
              key: `staff-phase:request:${row.id}:${row.version}`,
              payload: { type: 'message', ...payload },
            },
          };
        },
      );
    },

    /** Escalated to the supervisors with a reason: their view lists it until it is answered or closed. */
    async escalate(
      staff: StaffPrincipal,
      ref: ItemRef,
      body: { version: number; reason: string },
      address: string,
      now: Date,
    ) {
      return change(
        staff,
        ref,
        body.version,
        { address, now, action: 'queue_escalate', detail: { reason: body.reason } },
        async (tx, row, held) => {
          await lockOpen(tx, row, held);
          await recordEvent(tx, {
            companyCode: row.company,
            customerId: row.customerId,
            kind: 'care.escalated',
            entityKey: row.key,
            staffUserId: staff.userId,
            payload: { item: row.kind, itemKey: row.key, reason: body.reason },
          });
          return { work: { escalatedAt: now, escalatedBy: staff.userId, escalationReason: body.reason } };
        },
      );
    },
  };
}

export type QueuesService = ReturnType<typeof createQueuesService>;
