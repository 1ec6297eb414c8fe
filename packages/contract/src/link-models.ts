// Models of the core calls no page load needs first: configuration properties, links (with the
// workflow replies they offer) and notifications. Apart from models.ts, which the web's entry chunk
// holds whole (the session, user and customer), so these load with the pages that use them.
import * as z from 'zod/mini';
import { isoInstant } from './models.js';

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
