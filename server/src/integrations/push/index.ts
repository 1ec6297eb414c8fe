// Sending push notifications: Firebase Cloud Messaging (HTTP v1) when FCM_SERVICE_ACCOUNT_FILE is
// set, otherwise the outbox table.
import type { Outbox } from '../outbox.js';
import { createFcmPushSender, readServiceAccount } from './fcm.js';
import type { PushSender } from './types.js';

export { UnregisteredTokenError, type Push, type PushSender } from './types.js';

export function createOutboxPushSender(outbox: Outbox): PushSender {
  return {
    send: (push, key) =>
      outbox.deliver(
        { channel: 'push', recipient: push.token, subject: push.title, body: push.body, data: push.data },
        key,
      ),
  };
}

export function createPushSender(
  config: { FCM_SERVICE_ACCOUNT_FILE?: string | undefined },
  outbox: Outbox,
): PushSender {
  return config.FCM_SERVICE_ACCOUNT_FILE
    ? createFcmPushSender({ serviceAccount: readServiceAccount(config.FCM_SERVICE_ACCOUNT_FILE) })
    : createOutboxPushSender(outbox);
}
