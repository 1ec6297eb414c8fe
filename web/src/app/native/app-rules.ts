// Pure routing rules of the app (SPEC §2 deep links, §9 store country IT, Android's back button), kept
// apart from the bridges so they are unit-tested without a device.

/**
 * A deep link opened in the app pushes the path after the host (SPEC §2), whatever the scheme:
 * https://portale.example/invoice/7?x=1 and sportello://portale/invoice/7?x=1 both give /invoice/7?x=1.
 */
export function deepLinkPath(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const path = `${parsed.pathname || '/'}${parsed.search}${parsed.hash}`;
  // A custom scheme without a host ('sportello:invoice/7') has no leading slash.
  return path.startsWith('/') ? path : `/${path}`;
}

export interface StoreApp {
  platform: 'ios' | 'android';
  /** The installed app's id (Android package) and, for iOS, its App Store id. */
  appId: string;
  appStoreId: string;
}

/** The brand's page in the store of Italy (SPEC §2 force-update modal, §9 country IT). */
export function storePageUrl({ platform, appId, appStoreId }: StoreApp): string {
  return platform === 'ios'
    ? `https://apps.apple.com/it/app/id${encodeURIComponent(appStoreId)}`
    : `https://play.google.com/store/apps/details?id=${encodeURIComponent(appId)}&gl=IT&hl=it`;
}

/**
 * Android's back button follows the app's history; while a blocking popup is open it does nothing,
 * so the popup is never left behind a page change. At the first page it leaves the app.
 */
export function hardwareBackAction(state: {
  popupOpen: boolean;
  canGoBack: boolean;
}): 'stay' | 'back' | 'exit' {
  if (state.popupOpen) return 'stay';
  return state.canGoBack ? 'back' : 'exit';
}
