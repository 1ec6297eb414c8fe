// Status bar bridge (guard 3). Web fallback: nothing to colour.
import { Capacitor } from '@capacitor/core';
import { StatusBar, Style } from '@capacitor/status-bar';
import type { StatusBarStyle } from './platform';

/** 'light' content (white text) for dark headers, 'dark' content for light ones. */
export async function applyStatusBarStyle(style: StatusBarStyle): Promise<void> {
  if (!Capacitor.isPluginAvailable('StatusBar')) return;
  await StatusBar.setStyle({ style: style === 'light' ? Style.Dark : Style.Light }).catch(() => undefined);
}
