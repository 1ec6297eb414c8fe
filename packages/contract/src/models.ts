// Shapes of the entities of SPEC §3 as they travel over the wire. Dates are `YYYY-MM-DD`,
// instants ISO 8601, money integer cents.
import * as z from 'zod/mini';
import { line } from './text.js';
import { COMPANY_CODES, USER_STATUSES, USER_TYPES } from './constants.js';

export const companyCodeSchema = z.enum(COMPANY_CODES);
export const isoDate = line().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
export const isoInstant = z.iso.datetime({ offset: true });

export const clientSpecSchema = z.object({
  version: line().check(z.maxLength(32)),
  type: z.enum(['web', 'ios', 'android']),
  appId: z.optional(line().check(z.maxLength(128))),
});

export const contractRefSchema = z.object({ id: z.string(), key: z.string(), customerId: z.string() });

export const userSchema = z.object({
  id: z.string(),
  key: z.string(),
  username: z.string(),
  status: z.enum(USER_STATUSES),
  type: z.enum(USER_TYPES),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phoneMobile: z.nullable(z.string()),
  /** The user's own customer, when the user is a customer. */
  customerId: z.nullable(z.string()),
  contracts: z.object({ contract: z.array(contractRefSchema) }),
  /** Free JSON text the client keeps its preferences in (SPEC §3). */
  userOptions: z.string(),
  receiveCommercialNotifications: z.boolean(),
  receiveTechNotifications: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  company: companyCodeSchema,
  locale: z.literal('it'),
  roles: z.array(z.enum(['guest', 'user'])),
  user: z.nullable(userSchema),
  expiresAt: isoInstant,
});
export type Session = z.infer<typeof sessionSchema>;

export const customerTypeSchema = z.enum(['private', 'company', 'condominium']);

export const customerSchema = z.object({
  id: z.string(),
  key: z.string(),
  /** The client code printed on bills. */
  customerId: z.string(),
  customerType: customerTypeSchema,
  fiscalCode: z.nullable(z.string()),
  vatNumber: z.nullable(z.string()),
  account: z.object({
    name: z.string(),
    email: z.nullable(z.string()),
    phoneMobile: z.nullable(z.string()),
    phoneHome: z.nullable(z.string()),
  }),
  privacyCompany: z.boolean(),
  privacyOthers: z.boolean(),
  /** True when the session's user reaches this customer through a delegation. */
  delegated: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

export const moduleSchema = z.object({ key: z.string() });

export const confPropertySchema = z.object({ name: z.string(), value: z.string() });

/** Workflow replies a module 6 link may offer, each with the feedback title shown once sent. */
export const WORKFLOW_REPLIES = {
  confirm: 'Grazie, la tua conferma è stata registrata',
  reschedule: 'Abbiamo ricevuto la tua richiesta di un nuovo appuntamento',
  refuse: 'Abbiamo registrato il tuo rifiuto',
} as const;
export type WorkflowReply = keyof typeof WORKFLOW_REPLIES;
export const workflowReplySchema = z.enum(
  Object.keys(WORKFLOW_REPLIES) as [WorkflowReply, ...WorkflowReply[]],
);

/**
 * Where a link leads, decided by the server (SPEC §4 "Link entry"), with the keys the page needs.
 * `document` downloads the invoice's document; `error` goes to /errore.
 */
export const linkTargetSchema = z.discriminatedUnion('page', [
  z.object({ page: z.literal('invoices') }),
  z.object({ page: z.literal('invoice'), invoiceKey: z.string() }),
  z.object({ page: z.literal('document'), invoiceKey: z.string() }),
  z.object({ page: z.literal('message'), messageKey: z.string() }),
  z.object({ page: z.literal('password'), mode: z.enum(['create', 'reset']) }),
  z.object({
    page: z.literal('workflow'),
    workflowId: z.string(),
    taskName: z.string(),
    title: z.string(),
    description: z.string(),
    replies: z.array(workflowReplySchema),
    /** The reply already given, when the task was answered before. */
    reply: z.nullable(workflowReplySchema),
  }),
  z.object({ page: z.literal('self-reading'), supplyKey: z.string() }),
  z.object({ page: z.literal('proposal'), proposalKey: z.string() }),
  z.object({ page: z.literal('pun') }),
  z.object({ page: z.literal('error') }),
]);
export type LinkTarget = z.infer<typeof linkTargetSchema>;

export const linkSchema = z.object({
  id: z.string(),
  hashCode: z.string(),
  module: z.object({ id: z.int() }),
  entityKey: z.nullable(z.string()),
  additionalParams: z.nullable(z.string()),
  item: z.nullable(z.enum(['invoice', 'message', 'supply', 'proposal', 'password', 'workflow', 'pun'])),
  /** The customer the link is about; null in a guest's answer (it needs only the target). */
  customerId: z.nullable(z.string()),
  expiresAt: z.nullable(isoInstant),
  target: linkTargetSchema,
});
export type Link = z.infer<typeof linkSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  customerId: z.nullable(z.string()),
  title: z.string(),
  createdAt: isoInstant,
  readTime: z.nullable(isoInstant),
  acceptedTime: z.nullable(isoInstant),
  readingDate: z.nullable(isoInstant),
  confirmationDate: z.nullable(isoInstant),
  mn_msg_id: z.nullable(z.string()),
  pushId: z.nullable(z.string()),
  /** The event that raised it, when one did (see NOTIFICATION_EVENT_KINDS). */
  kind: z.nullable(z.string()),
  /** The entry link that leads to what it is about, when there is one. */
  link: z.nullable(z.object({ id: z.string(), module: z.object({ id: z.int() }) })),
  notificationType: z.object({
    acceptanceRequired: z.boolean(),
    description: z.string(),
    detail: z.nullable(z.string()),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;
