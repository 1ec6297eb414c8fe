// Messages to the customers a user reaches (docs/decisions/002-message-calls.md). Opening a
// message marks it read the first time. A guest opened from a message link reads that message only.
// New messages notify the customer (notifications service).
import { PAGE_SIZE, type erpMessages } from '@sportello/contract';
import type * as z from 'zod/mini';
import { notFound } from '../../http/app-error.js';
import type { CustomersService } from '../customers/service.js';
import type { DocumentsService } from '../documents/service.js';
import type { NotificationsService } from '../notifications/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import { saveMessageFromErp, withdrawMessageFromErp } from './erp-messages.js';
import type { MessageRow, MessagesRepository } from './repository.js';

type Message = z.infer<typeof erpMessages.messageSchema>;
type ListQuery = z.output<typeof erpMessages.listMessages.query>;

function toMessageDto(m: MessageRow): Message {
  return {
    id: String(m.id),
    key: m.key,
    customerId: String(m.customerId),
    title: m.title,
    body: m.body,
    category: m.category,
    sentAt: m.sentAt.toISOString(),
    readAt: m.readAt?.toISOString() ?? null,
    attachment: m.attachmentDocumentId === null ? null : { documentId: String(m.attachmentDocumentId) },
  };
}

/** The event that tells a customer's users of a message. */
const messageEvent = (row: MessageRow, kind: 'message' | 'priceChange', now: Date) =>
  ({ kind, customerId: row.customerId, entityKey: row.key, title: row.title, body: row.body, now }) as const;

export function createMessagesService(deps: {
  repository: MessagesRepository;
  customers: CustomersService;
  notifications: NotificationsService;
  documents: DocumentsService;
}) {
  const { repository, customers, notifications } = deps;

  async function find(idOrKey: string): Promise<MessageRow> {
    const found = await repository.find(idOrKey);
    if (!found) throw notFound();
    return found;
  }

  return {
    /** A customer's latest messages (at most `take`), for the staff console (ADR 041). */
    async recentOfCustomer(customerId: number, take: number) {
      const { count, rows } = await repository.listByCustomer(customerId, {
        unreadOnly: false,
        skip: 0,
        take,
      });
      return { count, messages: rows.map(toMessageDto) };
    },

    async list(user: SessionUser, query: ListQuery) {
      const customer = await customers.find(user, query.customerKey);
      const { count, unread, rows } = await repository.listByCustomer(Number(customer.id), {
        unreadOnly: query.unreadOnly ?? false,
        skip: query.pagingSkip,
        take: query.pagingTake ?? PAGE_SIZE.default,
      });
      return { count, unread, messages: rows.map(toMessageDto) };
    },

    /** The first reading sets readAt; a staff's view (ADR 043) reads without marking it read. */
    async read(idOrKey: string, now: Date, byStaff = false): Promise<Message> {
      const found = await find(idOrKey);
      if (found.readAt || byStaff) return toMessageDto(found);
      // Another device may have read it a moment ago: then keep that time.
      return toMessageDto(
        (await repository.markRead(found.id, now)) ?? (await repository.find(String(found.id)))!,
      );
    },

    /**
     * A message's attachment with its content, or null when it has none: to whoever may read the
     * message (the reach check let them in), a guest of its link too, so the PDF goes with the text.
     */
    async attachment(idOrKey: string, now: Date) {
      const found = await find(idOrKey);
      if (found.attachmentDocumentId === null) return null;
      return deps.documents.get(String(found.attachmentDocumentId), undefined, now);
    },

    /** A message the supplier's systems load, written in the load's transaction (ADR 040 item 11). */
    saveFromErp: saveMessageFromErp,
    withdrawFromErp: withdrawMessageFromErp,

    /** Notifies the customer's users of a message already posted (a `message`, or a price-change notice). */
    async announce(messageId: number, now: Date, kind: 'message' | 'priceChange' = 'message') {
      const row = await repository.find(String(messageId));
      if (row) await notifications.notify(messageEvent(row, kind, now));
    },

    /** Posts a message to a customer and notifies its users (the `message` event). */
    /** A message to the customer; `holderOnly`: a contract change, told to the holder by mail (notifyHolder). */
    async send(input: {
      customerId: number;
      title: string;
      body: string;
      category: string;
      now: Date;
      holderOnly?: boolean;
      /** The event it raises: a plain message, or the regulatory notice of a unilateral change. */
      kind?: 'message' | 'priceChange';
    }) {
      const row = await repository.insert({
        customerId: input.customerId,
        title: input.title,
        body: input.body,
        category: input.category,
        sentAt: input.now,
      });
      const event = messageEvent(row, input.kind ?? 'message', input.now);
      await (input.holderOnly ? notifications.notifyHolder(event) : notifications.notify(event));
      return toMessageDto(row);
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
