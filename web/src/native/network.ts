// Network bridge (SPEC §4/§8: offline → /errore/offline and back). Web fallback: the browser's
// online/offline events.
import { Capacitor } from '@capacitor/core';
import { Network } from '@capacitor/network';

export function watchNetwork(onChange: (online: boolean) => void): void {
  if (!Capacitor.isPluginAvailable('Network')) {
    window.addEventListener('online', () => onChange(true));
    window.addEventListener('offline', () => onChange(false));
    return;
  }
  void Network.addListener('networkStatusChange', (status) => onChange(status.connected));
}
