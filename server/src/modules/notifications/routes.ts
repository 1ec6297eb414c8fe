// Notifications of the logged-in user: list, read one, mark read / confirmed / pushed.
// A notification belongs to a user; another user's id answers 404 as if it did not exist.
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import { core, PAGE_SIZE, type Notification } from '@sportello/contract';
import { route } from '../../http/route.js';
import { notFound } from '../../http/app-error.js';
import { notifications } from '../../db/schema/index.js';
import type { Services } from '../../services.js';

type Row = typeof notifications.$inferSelect;

const toDto = (n: Row): Notification => ({
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

const numericId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : -1);

export default async function notificationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;

  async function own(userId: number, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, numericId(id)), eq(notifications.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  route(app, core.listNotifications, async ({ user, query }) => {
    const where = query.activeOnly
      ? and(eq(notifications.userId, user.id), eq(notifications.active, true))
      : eq(notifications.userId, user.id);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(query.pagingTake ?? PAGE_SIZE.notifications)
        .offset(query.pagingSkip),
      db.select({ value: count() }).from(notifications).where(where),
    ]);
    return { count: total?.value ?? 0, notifications: rows.map(toDto) };
  });

  route(app, core.getNotification, async ({ user, params }) => toDto(await own(user.id, params.id)));

  route(app, core.updateNotification, async ({ user, body }) => {
    const current = await own(user.id, body.id);
    const set: Partial<typeof notifications.$inferInsert> =
      'readingDate' in body
        ? { readingDate: new Date(body.readingDate), readTime: current.readTime ?? new Date() }
        : 'confirmationDate' in body
          ? {
              confirmationDate: new Date(body.confirmationDate),
              acceptedTime: new Date(),
              readTime: current.readTime ?? new Date(),
            }
          : { mnMsgId: body.mn_msg_id, pushId: body.pushId };
    const [updated] = await db
      .update(notifications)
      .set(set)
      .where(eq(notifications.id, current.id))
      .returning();
    return toDto(updated ?? current);
  });
}
