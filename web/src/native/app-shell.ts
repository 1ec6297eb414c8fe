// @capacitor/app bridge: installed app id and version, return to foreground, deep links, hardware back and
// leaving the app. Web fallback: the build's version, the page's visibility, no deep links, no
// hardware back.
import { Capacitor } from '@capacitor/core';
import { App } from '@capacitor/app';
import { PRODUCT_VERSION } from '@sportello/contract';

const native = () => Capacitor.isPluginAvailable('App');

/** The installed app's id (bundle / package) and version; on the web, the build's version. */
export async function appInfo(): Promise<{ id: string; version: string }> {
  if (!native()) return { id: '', version: PRODUCT_VERSION };
  const { id, version } = await App.getInfo();
  return { id, version };
}

export function onForeground(listener: () => void): void {
  if (!native()) {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') listener();
    });
    return;
  }
  void App.addListener('appStateChange', ({ isActive }) => {
    if (isActive) listener();
  });
}

/** A link opened the app (https://<host>/path or a custom scheme): the URL as the OS gave it. */
export function onDeepLink(listener: (url: string) => void): void {
  if (native()) void App.addListener('appUrlOpen', ({ url }) => listener(url));
}

/** Android's back button; `canGoBack` is the web view's history. */
export function onHardwareBack(listener: (canGoBack: boolean) => void): void {
  if (native()) void App.addListener('backButton', ({ canGoBack }) => listener(canGoBack));
}

export async function leaveApp(): Promise<void> {
  if (native()) await App.exitApp();
}
