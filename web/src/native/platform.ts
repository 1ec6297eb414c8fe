// The one native check the website's entry carries. In the app, Capacitor's native bridge has put
// window.Capacitor in place before any script runs; in a browser it is absent. Everything else
// native (web/src/native/*) is imported dynamically behind this check, so the website never loads it.
export type StatusBarStyle = 'light' | 'dark';

interface NativeBridgeGlobal {
  isNativePlatform?: () => boolean;
}

export const isNativeApp = (): boolean =>
  (globalThis as typeof globalThis & { Capacitor?: NativeBridgeGlobal }).Capacitor?.isNativePlatform?.() ??
  false;

/** Guard 3: the status bar follows the route (a no-op outside the app). */
export function setStatusBarStyle(style: StatusBarStyle): void {
  if (isNativeApp()) void import('./status-bar').then((bridge) => bridge.applyStatusBarStyle(style));
}
