// Splash bridge: the native splash stays until the web's brand loader is painted in the same
// colours, then fades, so the two read as one animation. Web fallback: there is no splash.
import { Capacitor } from '@capacitor/core';
import { SplashScreen } from '@capacitor/splash-screen';

export async function hideSplash(): Promise<void> {
  if (!Capacitor.isPluginAvailable('SplashScreen')) return;
  await SplashScreen.hide({ fadeOutDuration: 200 }).catch(() => undefined);
}
