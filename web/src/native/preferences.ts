// Preferences bridge: small, non-secret values that must outlive the app's web storage (the push
// token last registered). Web fallback: localStorage. Secrets never go here (see biometric.ts).
import { Capacitor } from '@capacitor/core';
import { Preferences } from '@capacitor/preferences';

const native = () => Capacitor.isPluginAvailable('Preferences');

export async function readPreference(key: string): Promise<string | null> {
  if (!native()) return localStorage.getItem(key);
  return (await Preferences.get({ key })).value;
}

export async function writePreference(key: string, value: string | null): Promise<void> {
  if (!native()) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return;
  }
  await (value === null ? Preferences.remove({ key }) : Preferences.set({ key, value }));
}
