// Push bridge (FCM on Android, APNs through FCM on iOS). Web fallback: no push (the website does
// not register devices), so every function answers "unsupported".
import { Capacitor } from '@capacitor/core';
import { PushNotifications } from '@capacitor/push-notifications';

const native = () => Capacitor.isPluginAvailable('PushNotifications');

export const pushPlatform = (): 'ios' | 'android' | null => {
  const platform = Capacitor.getPlatform();
  return platform === 'ios' || platform === 'android' ? platform : null;
};

/** Asks once (the OS remembers the answer); true when pushes may be shown. */
export async function askPushPermission(): Promise<boolean> {
  if (!native()) return false;
  let { receive } = await PushNotifications.checkPermissions();
  if (receive === 'prompt' || receive === 'prompt-with-rationale') {
    ({ receive } = await PushNotifications.requestPermissions());
  }
  return receive === 'granted';
}

/** Registers with the OS; `onToken` receives the token now and whenever it changes. */
export async function registerForPush(onToken: (token: string) => void): Promise<void> {
  if (!native()) return;
  await PushNotifications.addListener('registration', ({ value }) => onToken(value));
  await PushNotifications.register();
}

export interface OpenedPush {
  /** The OS's id of the delivered push (recorded as pushId). */
  id: string;
  /** SPEC §3 push payload: link.hashCode, link.id, notification.id, customer.id, mn_message_id. */
  data: Record<string, unknown>;
}

/** A notification the user tapped. */
export function onPushOpened(listener: (push: OpenedPush) => void): void {
  if (!native()) return;
  void PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) =>
    listener({ id: notification.id, data: (notification.data ?? {}) as Record<string, unknown> }),
  );
}

export async function unregisterFromPush(): Promise<void> {
  if (native()) await PushNotifications.unregister().catch(() => undefined);
}
