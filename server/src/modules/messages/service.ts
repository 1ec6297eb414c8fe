// Messages to the customers a user reaches (docs/decisions/002-message-calls.md). Opening a
// message marks it read the first time.
import type { erpMessages } from '@sportello/contract';
import { PAGE_SIZE } from '@sportello/contract';
import type * as z from 'zod/mini';
import { forbidden, notFound } from '../../http/app-error.js';
import type { CustomersService } from '../customers/service.js';
import type { SessionUser } from '../sessions/session-store.js';
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
  };
}

export function createMessagesService(repository: MessagesRepository, customers: CustomersService) {
  return {
    async list(user: SessionUser, query: ListQuery) {
      const customer = await customers.requireReachable(user, query.customerKey);
      const { count, unread, rows } = await repository.listByCustomer(Number(customer.id), {
        unreadOnly: query.unreadOnly ?? false,
        skip: query.pagingSkip,
        take: query.pagingTake ?? PAGE_SIZE.default,
      });
      return { count, unread, messages: rows.map(toMessageDto) };
    },

    /** Unknown → 404; another customer's → 403; the first reading sets readAt. */
    async read(user: SessionUser, idOrKey: string, now: Date): Promise<Message> {
      const [found, reach] = await Promise.all([repository.find(idOrKey), customers.reachableIds(user)]);
      if (!found) throw notFound();
      if (!reach.includes(found.customerId)) throw forbidden();
      if (found.readAt) return toMessageDto(found);
      // Another device may have read it a moment ago: then keep that time.
      return toMessageDto(
        (await repository.markRead(found.id, now)) ?? (await repository.find(String(found.id)))!,
      );
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
