// Messages to a customer. SPEC §7 shows no path for them; we serve them beside the other ERP reads
// (docs/decisions/002-message-calls.md).
import * as z from 'zod/mini';
import { line } from '../text.js';
import { defineCall, idParam, pagingQuery, queryBoolean } from '../call.js';
import { isoInstant } from '../models.js';
import { documentContentSchema } from './erp-documents.js';

export const messageSchema = z.object({
  id: z.string(),
  key: z.string(),
  customerId: z.string(),
  title: z.string(),
  body: z.string(),
  category: z.string(),
  sentAt: isoInstant,
  readAt: z.nullable(isoInstant),
  /**
   * A PDF the supplier attached (ADR 056): downloaded by getMessageAttachment (a guest of the message's
   * link too, ADR 065), with its file name.
   */
  attachment: z.nullable(z.object({ documentId: z.string() })),
});

export const listMessages = defineCall({
  name: 'listMessages',
  method: 'GET',
  path: 'portalapi/Erp/v1/messages',
  access: 'user',
  reaches: { query: { customerKey: ['customer.key', 'customer.id'] } },
  summary: 'Messages of a reachable customer, newest first.',
  query: z.object({
    customerKey: line().check(z.minLength(1), z.maxLength(64)),
    unreadOnly: z.optional(queryBoolean),
    ...pagingQuery,
  }),
  response: z.object({ count: z.int(), unread: z.int(), messages: z.array(messageSchema) }),
});

export const getMessage = defineCall({
  name: 'getMessage',
  method: 'GET',
  path: 'portalapi/Erp/v1/messages/:id',
  access: 'link',
  reaches: { params: { id: ['message.id', 'message.key'] } },
  summary:
    'One message of a reachable customer (or of the guest session’s message link); reading it marks it read.',
  params: idParam,
  response: messageSchema,
});

export const getMessageAttachment = defineCall({
  name: 'getMessageAttachment',
  method: 'GET',
  path: 'portalapi/Erp/v1/messages/:id/attachment',
  access: 'link',
  reaches: { params: { id: ['message.id', 'message.key'] } },
  summary:
    'A message’s PDF attachment with its content (base64), to whoever may read the message: a user ' +
    'reaching its customer, or the guest of the message’s own link. null when the message has none.',
  params: idParam,
  response: z.nullable(documentContentSchema),
});
