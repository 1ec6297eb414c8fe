// The care console's work queues (ADR 042): write-us messages, complaints and the
// customer's other requests of the account's brands, oldest first with their clocks; an item is taken
// or passed to a colleague, answered (a message to the customer and the channels they chose), moved
// through its phases, escalated. Every change carries the item's `version`: two operators acting on
// the same item at once, one wins and the other is told (409) with nothing changed.
import * as z from 'zod/mini';
import { defineCall } from '../call.js';
import { COMPANY_CODES } from '../constants.js';
import { isoDate, isoInstant } from '../models.js';
import { STAFF_ROLES } from '../staff-roles.js';
import { line, text } from '../text.js';
import { REASON_MAX, REASON_MIN } from './staff.js';

const STAFF = 'staff/v1';

/**
 * The queues: write-us messages, complaints, the other requests (registry, bank debit, address…),
 * delegation requests awaiting the delegator, and self-readings refused or flagged implausible.
 */
export const QUEUES = ['writeUs', 'complaint', 'request', 'delegation', 'reading'] as const;
export type Queue = (typeof QUEUES)[number];
/** Which items of a queue: still open, taken by me, taken by nobody, past their due day. */
export const QUEUE_STATES = ['open', 'mine', 'unassigned', 'overdue'] as const;
/**
 * The table an item lives in: complaints, requests (write-us messages are requests of type
 * Information), delegation requests, or readings (a self-reading refused or flagged implausible).
 */
export const ITEM_KINDS = ['complaint', 'request', 'delegation', 'reading'] as const;
/** The request types the queues hold: write-us messages (Information) and the changes a customer asks for. */
export const QUEUED_REQUEST_TYPES = [
  'Information',
  'Var_Anagrafica',
  'GestioneSDD',
  'ShippingAddress',
  'Rateizzazione',
  // Erasure and objection requests (GDPR arts. 17, 21; ADR 069), due one month on.
  'CancellazioneDati',
  'OpposizioneTrattamento',
] as const;
/** The phases an operator moves a request through, as Pratiche shows them. */
export const REQUEST_PHASES = ['Aperto', 'InLavorazione', 'Chiuso', 'Annullato'] as const;
/** The supervisor's view: what misses its due day within this many days. */
export const AT_RISK_DAYS = 3;
/** An answer of one character is a slip of the keyboard, not an answer. */
export const ANSWER_MIN = 2;
export const ANSWER_MAX = 4000;

const digits = line().check(z.regex(/^\d{1,18}$/, 'not_found'));
const version = z.int().check(z.minimum(0));

export const queueItemSchema = z.object({
  kind: z.enum(ITEM_KINDS),
  /** The item's number in its table; with `kind` and `customerId` it opens the item. */
  item: z.string(),
  queue: z.enum(QUEUES),
  key: z.string(),
  company: z.enum(COMPANY_CODES),
  customerId: z.string(),
  customerName: z.string(),
  /** What: the complaint's category, the request's type, the write-us subject. */
  what: z.string(),
  openedAt: isoInstant,
  dueDate: isoDate,
  /** Days to the due day (negative: overdue); null once answered or closed. */
  daysLeft: z.nullable(z.number()),
  /**
   * Aperto | InLavorazione | Chiuso | Annullato for a request; Aperto | Risposto for a complaint or a
   * reading; Aperto | Confermata | Rifiutata for a delegation.
   */
  status: z.string(),
  assignee: z.nullable(z.object({ username: z.string(), displayName: z.string() })),
  escalated: z.boolean(),
  version: z.number(),
});
export type QueueItem = z.output<typeof queueItemSchema>;

export const listStaffQueue = defineCall({
  name: 'listStaffQueue',
  method: 'GET',
  path: `${STAFF}/queue`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: 'nothing',
  summary:
    'The work queue of the account’s brands, oldest first, at most 200: by queue (write-us, complaints, ' +
    'requests), brand and state (open, mine, unassigned, overdue), each item with its clock.',
  query: z.object({
    queue: z.optional(z.enum(QUEUES)),
    brand: z.optional(z.enum(COMPANY_CODES)),
    state: z.optional(z.enum(QUEUE_STATES)),
  }),
  response: z.object({ items: z.array(queueItemSchema) }),
});

export const listStaffAtRisk = defineCall({
  name: 'listStaffAtRisk',
  method: 'GET',
  path: `${STAFF}/queue/at-risk`,
  access: 'staff',
  roles: ['supervisor', 'administrator'],
  reaches: 'nothing',
  summary: `The supervisor's view: open items due within ${AT_RISK_DAYS} days or overdue, and those escalated.`,
  response: z.object({ items: z.array(queueItemSchema) }),
});

const itemParams = z.object({
  customerId: digits,
  kind: z.enum(ITEM_KINDS),
  item: digits,
});
const itemReaches = { params: { customerId: 'customer.id' } } as const;

export const queueItemDetailSchema = z.object({
  item: queueItemSchema,
  /** The customer's own words: the complaint's text, the write-us message, the request's description. */
  body: z.string(),
  answer: z.nullable(z.string()),
  answeredAt: z.nullable(isoInstant),
  escalation: z.nullable(z.object({ at: isoInstant, by: z.string(), reason: z.string() })),
  /** A delegation's delegate (username): whom a supervisor confirms after the delegator's call. */
  delegate: z.nullable(z.string()),
  /** Colleagues of the item's brand it may be passed to. */
  colleagues: z.array(z.object({ username: z.string(), displayName: z.string() })),
});
export type QueueItemDetail = z.output<typeof queueItemDetailSchema>;

export const getStaffQueueItem = defineCall({
  name: 'getStaffQueueItem',
  method: 'GET',
  path: `${STAFF}/customers/:customerId/queue/:kind/:item`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: itemReaches,
  summary: 'One item of the queue with the customer’s text, its clock, who works it and the answer. Audited.',
  params: itemParams,
  response: queueItemDetailSchema,
});

export const assignStaffQueueItem = defineCall({
  name: 'assignStaffQueueItem',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/queue/:kind/:item/assign`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: itemReaches,
  summary:
    'Takes the item (no `assignee`) or passes it to a colleague of its brand; an operator only an item ' +
    'nobody or they hold, a supervisor any. 409 when the item changed since `version`.',
  params: itemParams,
  body: z.object({ version, assignee: z.optional(line().check(z.minLength(1), z.maxLength(64))) }),
  response: queueItemDetailSchema,
  refusals: [404, 409, 422],
});

export const answerStaffQueueItem = defineCall({
  name: 'answerStaffQueueItem',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/queue/:kind/:item/answer`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: itemReaches,
  summary:
    'Answers the item: a complaint’s answer (its clock stops), a request closed with the answer (shown ' +
    'in Pratiche), a reading anomaly closed with it; the customer gets it as a message and by the ' +
    'channels they chose. A delegation is confirmed, not answered (422). 409 when the item changed ' +
    'since `version` or is already answered.',
  params: itemParams,
  body: z.object({
    version,
    answer: text().check(
      z.trim(),
      z.minLength(1, 'staff_answer_required'),
      z.minLength(ANSWER_MIN, 'staff_answer_too_short'),
      z.maxLength(ANSWER_MAX, 'staff_answer_too_long'),
    ),
  }),
  response: queueItemDetailSchema,
  refusals: [404, 409, 422],
});

export const rectifyStaffQueueItem = defineCall({
  name: 'rectifyStaffQueueItem',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/queue/:kind/:item/rectification`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: itemReaches,
  summary:
    'Records a billing complaint’s rectification (TIQV’s second clock, before or after the answer): ' +
    '`rectified` on the day the bill was corrected, or `not_due` (the bill was right); the ERP hears ' +
    '`complaint.rectified`. Another kind of item, or a category without that clock: 422. 409 when the ' +
    'item changed since `version` or its rectification is already recorded.',
  params: itemParams,
  body: z.object({
    version,
    outcome: z.enum(['rectified', 'not_due']),
    /** The day (Europe/Rome) the bill was corrected or found right; not in the future. */
    on: isoDate,
  }),
  response: queueItemDetailSchema,
  refusals: [404, 409, 422],
});

export const setStaffQueuePhase = defineCall({
  name: 'setStaffQueuePhase',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/queue/:kind/:item/phase`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: itemReaches,
  summary:
    'Moves a request to a phase (Aperto, InLavorazione, Chiuso, Annullato), shown in Pratiche and told ' +
    'to the customer; a complaint, a delegation or a reading has none (422). 409 when the item changed ' +
    'since `version`.',
  params: itemParams,
  body: z.object({ version, status: z.enum(REQUEST_PHASES) }),
  response: queueItemDetailSchema,
  refusals: [404, 409, 422],
});

export const escalateStaffQueueItem = defineCall({
  name: 'escalateStaffQueueItem',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/queue/:kind/:item/escalate`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: itemReaches,
  summary: 'Escalates the item to the supervisors with a reason. 409 when the item changed since `version`.',
  params: itemParams,
  body: z.object({
    version,
    reason: text().check(
      z.trim(),
      z.minLength(REASON_MIN, 'staff_reason_required'),
      z.maxLength(REASON_MAX, 'staff_reason_too_long'),
    ),
  }),
  response: queueItemDetailSchema,
  refusals: [404, 409, 422],
});
