// Notifications of the logged-in user: list, read one, mark read / confirmed / pushed.
// A notification belongs to a user; another user's id answers 404 as if it did not exist.
import { PAGE_SIZE, type core, type Notification } from '@sportello/contract';
import type * as z from 'zod/mini';
import { notFound } from '../../http/app-error.js';
import type { NotificationChange, NotificationRow, NotificationsRepository } from './repository.js';

type ListQuery = z.output<typeof core.listNotifications.query>;
type Update = z.output<typeof core.updateNotification.body>;

const toDto = (n: NotificationRow): Notification => ({
  id: String(n.id),
  customerId: n.customerId == null ? null : String(n.customerId),
  title: n.title,
  createdAt: n.createdAt.toISOString(),
  readTime: n.readTime?.toISOString() ?? null,
  acceptedTime: n.acceptedTime?.toISOString() ?? null,
  readingDate: n.readingDate?.toISOString() ?? null,
  confirmationDate: n.confirmationDate?.toISOString() ?? null,
  mn_msg_id: n.mnMsgId,
  pushId: n.pushId,
  notificationType: {
    acceptanceRequired: n.acceptanceRequired,
    description: n.description,
    detail: n.detail,
  },
});

export function createNotificationsService(repository: NotificationsRepository) {
  async function own(userId: number, id: string): Promise<NotificationRow> {
    const row = await repository.ownById(userId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(userId: number, query: ListQuery) {
      const { count, rows } = await repository.listByUser(userId, {
        activeOnly: query.activeOnly ?? false,
        skip: query.pagingSkip,
        take: query.pagingTake ?? PAGE_SIZE.notifications,
      });
      return { count, notifications: rows.map(toDto) };
    },

    get: async (userId: number, id: string) => toDto(await own(userId, id)),

    async update(userId: number, body: Update, now: Date): Promise<Notification> {
      const current = await own(userId, body.id);
      const change: NotificationChange =
        'readingDate' in body
          ? { readingDate: new Date(body.readingDate), readTime: current.readTime ?? now }
          : 'confirmationDate' in body
            ? {
                confirmationDate: new Date(body.confirmationDate),
                acceptedTime: now,
                readTime: current.readTime ?? now,
              }
            : { mnMsgId: body.mn_msg_id, pushId: body.pushId };
      return toDto((await repository.update(current.id, change)) ?? current);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
