// Notifications of the logged-in user (SPEC §3, §4): list with the unread count and those awaiting
// acceptance, one of the user's own (another user's is 404), marked read / accepted / opened from a
// push. And `notify(event)`: what other modules call when something happens to a customer; it honours
// each user's flags and chosen channels, and queues the mail and push jobs (sent outside the request).
import { randomUUID } from 'node:crypto';
import {
  channelsFor,
  type core,
  LINK_MODULE_NEEDS,
  LINK_MODULES,
  linkEntryPath,
  NOTIFICATION_EVENT_KINDS,
  OPTIONAL_ALERT_KINDS,
  PAGE_SIZE,
  type Notification,
  type NotificationEventKind,
} from '@sportello/contract';
import { elideBeforeNumbers } from '@sportello/domain';
import type * as z from 'zod/mini';
import { notFound, unprocessable } from '../../http/app-error.js';
import type { MailComposer } from '../../integrations/mail/compose.js';
import type { Db } from '@sportello/db/client';
import { DELIVERY_KINDS, type PushJob } from '../../jobs/deliveries.js';
import type { JobQueue } from '../../jobs/queue.js';
import { createQueuedSend } from '../../jobs/queued-send.js';
import type { DevicesService } from '../devices/service.js';
import type { LinksService } from '../links/service.js';
import type { SettingsService } from '../settings/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { NotificationWithLink, NotificationsRepository, RecipientRow } from './repository.js';

type ListQuery = z.output<typeof core.listNotifications.query>;
type UpdateBody = z.output<typeof core.updateNotification.body>;

/** Something that happened to a customer. `entityKey` is what the link opens (see EVENT_LINK_MODULE). */
export interface CustomerEvent {
  kind: NotificationEventKind;
  customerId: number;
  entityKey: string | null;
  title: string;
  body: string;
  /** Extra link parameters, e.g. `{ invoiceTypeCodes: [1] }` for an invoice. */
  linkParams?: Record<string, unknown>;
  now: Date;
}

/** The job kind of a notice queued with the write that decides it (`queued` below). */
export const NOTIFY_JOB = 'notifications.notify';

/** An event as its job keeps it: it is told at the time it goes. */
export type QueuedEvent = Omit<CustomerEvent, 'now'>;

/** The link module each event opens (SPEC §4): a bill and a payment lead to the invoice. */
export const EVENT_LINK_MODULE: Record<NotificationEventKind, number> = {
  invoice: LINK_MODULES.invoice,
  payment: LINK_MODULES.invoice,
  readingWindow: LINK_MODULES.selfReading,
  proposal: LINK_MODULES.proposal,
  message: LINK_MODULES.message,
  // The notice of a unilateral change is a message of the customer's.
  priceChange: LINK_MODULES.message,
  // No meter data: a self-reading of the supply keeps the next bill from being estimated.
  meterSilence: LINK_MODULES.selfReading,
  readingWindowSoon: LINK_MODULES.selfReading,
};

function toDto({ notification: n, linkModuleId }: NotificationWithLink): Notification {
  return {
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
    kind: n.kind,
    link:
      n.linkId != null && linkModuleId != null
        ? { id: String(n.linkId), module: { id: linkModuleId } }
        : null,
    notificationType: {
      acceptanceRequired: n.acceptanceRequired,
      description: n.description,
      detail: n.detail,
    },
  };
}

/** Whether the user wants this kind of news at all (SPEC §3 notification flags); a regulatory notice is owed. */
function wants(user: RecipientRow, kind: NotificationEventKind): boolean {
  if (OPTIONAL_ALERT_KINDS.includes(kind)) {
    const channels = channelsFor(user.userOptions, kind);
    if (!channels.email && !channels.push) return false;
  }
  switch (NOTIFICATION_EVENT_KINDS[kind]) {
    case 'regulatory':
      return true;
    case 'commercial':
      return user.receiveCommercialNotifications;
    case 'tech':
      return user.receiveTechNotifications;
  }
}

/**
 * A regulatory notice's e-mail is the notice itself, sent apart to the holder's contact address by its
 * module (ADR 058): the notification does not repeat it by mail, to the holder's users or delegates.
 */
const isRegulatory = (kind: NotificationEventKind) => NOTIFICATION_EVENT_KINDS[kind] === 'regulatory';

export function createNotificationsService(deps: {
  db: Db;
  repository: NotificationsRepository;
  links: LinksService;
  devices: DevicesService;
  jobs: JobQueue;
  mail: MailComposer;
  settings: SettingsService;
}) {
  const { repository, links, devices, jobs } = deps;

  /**
   * Whether the brand has the page the event's link opens: a brand without self-reading sends no
   * "send your reading" notice, by any channel, rather than a link to a page it does not have.
   */
  async function brandHasPage(companyCode: string, kind: NotificationEventKind): Promise<boolean> {
    const needed = LINK_MODULE_NEEDS[EVENT_LINK_MODULE[kind]];
    return needed === undefined || deps.settings.isModuleEnabled(companyCode, needed);
  }

  async function own(user: SessionUser, id: string): Promise<NotificationWithLink> {
    const found = await repository.findOwn(user.id, id);
    if (!found) throw notFound();
    return found;
  }

  /** `mail`: by e-mail whatever the user's channels (a change to the holder's contract). */
  async function notifyUser(
    user: RecipientRow,
    companyCode: string,
    event: CustomerEvent,
    always: { mail: boolean } = { mail: false },
  ) {
    if (!(await brandHasPage(companyCode, event.kind))) return;
    const link = await links.create({
      companyCode,
      moduleId: EVENT_LINK_MODULE[event.kind],
      entityKey: event.entityKey,
      customerId: event.customerId,
      userId: user.id,
      ...(event.linkParams ? { additionalParams: event.linkParams } : {}),
      now: event.now,
    });
    const notification = await repository.insert({
      userId: user.id,
      customerId: event.customerId,
      title: event.title,
      description: event.body,
      kind: event.kind,
      linkId: link.id,
      mnMsgId: `MN-${randomUUID()}`,
      createdAt: event.now,
    });
    const channels = channelsFor(user.userOptions, event.kind);
    if ((channels.email || always.mail) && user.email && !isRegulatory(event.kind)) {
      // The brand goes with the link: a browser that never chose one opens it in the right brand.
      const data = { title: event.title, body: event.body, linkPath: linkEntryPath(link.token) };
      const mail = await deps.mail.compose('notification', data, { to: user.email, company: companyCode });
      await jobs.enqueue(DELIVERY_KINDS.mail, mail, `mail:notification:${notification.id}`, event.now);
    }
    if (!channels.push) return;
    for (const device of await devices.ofUser(user.id)) {
      // SPEC §3 push payload; FCM data values are strings.
      const push: PushJob = {
        deviceId: device.id,
        token: device.fbPushId,
        title: event.title,
        body: event.body,
        data: {
          'link.hashCode': link.token,
          'link.id': String(link.id),
          'notification.id': String(notification.id),
          'customer.id': String(event.customerId),
          mn_message_id: notification.mnMsgId ?? '',
        },
      };
      await jobs.enqueue(
        DELIVERY_KINDS.push,
        push,
        `push:notification:${notification.id}:device:${device.id}`,
        event.now,
      );
    }
  }

  /** Tells the customer's users about an event, each as their flags and channels say. */
  async function notify(told: CustomerEvent): Promise<void> {
    // Every notice's words pass here: "scade il 11 ottobre" is told "scade l’11 ottobre".
    const event = { ...told, title: elideBeforeNumbers(told.title), body: elideBeforeNumbers(told.body) };
    for (const { user, companyCode } of await repository.recipients(event.customerId)) {
      if (wants(user, event.kind)) await notifyUser(user, companyCode, event);
    }
  }

  return {
    async list(user: SessionUser, query: ListQuery) {
      const { count, unread, rows, awaiting } = await repository.list(user.id, {
        activeOnly: query.activeOnly ?? false,
        skip: query.pagingSkip,
        take: query.pagingTake ?? PAGE_SIZE.notifications,
      });
      return {
        count,
        unread,
        awaitingAcceptance: awaiting.map(toDto),
        notifications: rows.map(toDto),
      };
    },

    get: async (user: SessionUser, id: string) => toDto(await own(user, id)),

    /** Read (readingDate), accepted (confirmationDate, once), or opened from a push (mn_msg_id + pushId). */
    async update(user: SessionUser, body: UpdateBody, now: Date): Promise<Notification> {
      const current = (await own(user, body.id)).notification;
      const readTime = current.readTime ?? now;
      if ('readingDate' in body) {
        await repository.update(current.id, { readingDate: new Date(body.readingDate), readTime });
      } else if ('confirmationDate' in body) {
        if (!current.acceptanceRequired) throw unprocessable('notification_no_acceptance');
        // The first acceptance stands: a second confirmation changes nothing.
        if (!current.acceptedTime) {
          await repository.update(current.id, {
            confirmationDate: new Date(body.confirmationDate),
            acceptedTime: now,
            readTime,
          });
        }
      } else {
        await repository.update(current.id, { mnMsgId: body.mn_msg_id, pushId: body.pushId, readTime });
      }
      return toDto(await own(user, body.id));
    },

    notify,

    /**
     * `notify` queued in the transaction that claims the event (a sweep's claim row), then sent at
     * once: a process stopped between the two leaves it to the jobs worker, never untold, and the
     * claim lets only one process queue it. `key` names the event (jobs/queued-send.ts).
     */
    queued: createQueuedSend<QueuedEvent>({
      db: deps.db,
      kind: NOTIFY_JOB,
      send: (event, now) => notify({ ...event, now }),
    }),

    /**
     * A change to the contract (a proposal accepted or refused) reaches its holder — the users whose
     * own customer it is — by e-mail whatever their notification settings, and not the delegates.
     */
    async notifyHolder(event: CustomerEvent): Promise<void> {
      for (const { user, companyCode } of await repository.recipients(event.customerId)) {
        if (user.customerId === event.customerId) await notifyUser(user, companyCode, event, { mail: true });
      }
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
