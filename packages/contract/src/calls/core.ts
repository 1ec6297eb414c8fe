// Core calls of SPEC §7: sessions, login, users, modules, configuration, links, devices, notifications.
// The session, login, logout and module-list calls are in core-session.ts (re-exported here).
import * as z from 'zod/mini';
import { line, text } from '../text.js';
import { defineCall, idParam, pagingQuery, queryBoolean } from '../call.js';
import { confPropertySchema, linkSchema, notificationSchema } from '../link-models.js';
import { isoInstant, userSchema } from '../models.js';

export * from './core-session.js';
export * from './core-devices.js';
export * from './core-archives.js';

const CORE = 'portalapi/Core/v1';

export const getUser = defineCall({
  name: 'getUser',
  method: 'GET',
  path: `${CORE}/users/:id`,
  access: 'user',
  reaches: { params: { id: ['user.id', 'user.key'] } },
  summary: 'The logged-in user (only the session’s own user).',
  params: idParam,
  response: userSchema,
});

export const getUserByContract = defineCall({
  name: 'getUserByContract',
  method: 'GET',
  path: `${CORE}/users`,
  access: 'user',
  reaches: { query: { contractKey: 'contract.key' } },
  summary: 'The account holder of a contract the session reaches.',
  query: z.object({ contractKey: line().check(z.minLength(1), z.maxLength(64)) }),
  response: userSchema,
});

export const updateUser = defineCall({
  name: 'updateUser',
  method: 'PUT',
  path: `${CORE}/users`,
  access: 'user',
  // Only a password change needs it: the notification flags and options do not.
  stepUp: (body) => body.password !== undefined,
  refusals: [422],
  reaches: 'nothing',
  summary:
    'Changes the password (with the current one), the options text (JSON; its `notifications` part ' +
    'as userOptionsSchema) or the notification flags.',
  body: z.strictObject({
    currentPassword: z.optional(line().check(z.maxLength(200))),
    password: z.optional(line().check(z.maxLength(200))),
    userOptions: z.optional(text().check(z.maxLength(10_000))),
    receiveCommercialNotifications: z.optional(z.boolean()),
    receiveTechNotifications: z.optional(z.boolean()),
  }),
  response: userSchema,
});

export const listConfProperties = defineCall({
  name: 'listConfProperties',
  method: 'GET',
  path: `${CORE}/confProperties`,
  access: 'session',
  reaches: 'nothing',
  summary: 'Configuration properties of the brand (App_min_version…), optionally one by name.',
  query: z.object({ propertyName: z.optional(line().check(z.maxLength(100))) }),
  response: z.array(confPropertySchema),
});

export const getLink = defineCall({
  name: 'getLink',
  method: 'GET',
  path: `${CORE}/links/:id`,
  access: 'session',
  refusals: [410],
  reaches: { params: { id: 'link.hashCode' } },
  summary:
    'Resolves a link by its hash code and says where it leads; a guest session following a link of ' +
    'modules 4 to 9 is tied to it and reaches that target only. Expired → 410, another brand → 404.',
  params: idParam,
  response: linkSchema,
});

export const registerDevice = defineCall({
  name: 'registerDevice',
  method: 'POST',
  path: `${CORE}/devices`,
  access: 'user',
  reaches: 'nothing',
  summary: 'Registers the push id of the app installation for the user.',
  body: z.object({
    fbPushId: line().check(z.minLength(1), z.maxLength(4096)),
    platform: z.optional(z.enum(['ios', 'android', 'web'])),
  }),
  response: z.object({ id: z.string() }),
});

export const unregisterDevice = defineCall({
  name: 'unregisterDevice',
  method: 'DELETE',
  path: `${CORE}/devices`,
  access: 'user',
  reaches: 'nothing',
  summary: 'Removes the push id of the app installation (at logout): no more pushes to it.',
  query: z.object({ fbPushId: line().check(z.minLength(1), z.maxLength(4096)) }),
  response: z.object({ removed: z.boolean() }),
});

export const listNotifications = defineCall({
  name: 'listNotifications',
  method: 'GET',
  path: `${CORE}/notifications`,
  access: 'user',
  reaches: 'nothing',
  summary: 'The user’s notifications, newest first.',
  query: z.object({
    activeOnly: z.optional(queryBoolean),
    ...pagingQuery,
  }),
  response: z.object({
    count: z.int(),
    /** Unread among those the filter selects (the header badge). */
    unread: z.int(),
    /** Those needing acceptance not yet accepted: the blocking popup shows the first. */
    awaitingAcceptance: z.array(notificationSchema),
    notifications: z.array(notificationSchema),
  }),
});

export const getNotification = defineCall({
  name: 'getNotification',
  method: 'GET',
  path: `${CORE}/notifications/:id`,
  access: 'user',
  reaches: { params: { id: 'notification.id' } },
  summary: 'One of the user’s notifications.',
  params: idParam,
  response: notificationSchema,
});

export const updateNotification = defineCall({
  name: 'updateNotification',
  method: 'PUT',
  path: `${CORE}/notifications`,
  access: 'user',
  refusals: [422],
  reaches: { body: { id: 'notification.id' } },
  summary: 'Marks a notification read, confirmed (accepted), or records the push message id.',
  body: z.union([
    z.strictObject({ id: line(), readingDate: isoInstant }),
    z.strictObject({ id: line(), confirmationDate: isoInstant }),
    z.strictObject({
      id: line(),
      mn_msg_id: line().check(z.maxLength(200)),
      pushId: line().check(z.maxLength(200)),
    }),
  ]),
  response: notificationSchema,
});
