// Capacitor bridges with web fallbacks. The app wrapper injects window.Capacitor; in a browser
// every bridge falls back to doing nothing, so the same build runs in both.
export type StatusBarStyle = 'light' | 'dark';

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  Plugins?: { StatusBar?: { setStyle(options: { style: 'LIGHT' | 'DARK' }): Promise<void> } };
}

const capacitor = (): CapacitorGlobal | undefined =>
  (globalThis as typeof globalThis & { Capacitor?: CapacitorGlobal }).Capacitor;

export const isNativeApp = (): boolean => capacitor()?.isNativePlatform?.() ?? false;

export function setStatusBarStyle(style: StatusBarStyle): void {
  void capacitor()
    ?.Plugins?.StatusBar?.setStyle({ style: style === 'light' ? 'LIGHT' : 'DARK' })
    .catch(() => undefined);
}
