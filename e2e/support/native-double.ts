// A test double of the Capacitor native layer, injected before the page's scripts: it plays the
// part of Capacitor's native bridge (window.androidBridge, window.Capacitor with PluginHeaders,
// nativePromise, nativeCallback), so @capacitor/core, the official plugins' JavaScript, our
// bridges and our server all run for real. It records every call and lets a test fire native
// events (app state, network, back button, deep link, push). Its "device" (Keychain, preferences,
// installed version) lives in localStorage under double.*, so it survives reloads like a phone.
import type { Page } from '@playwright/test';

export interface DoubleCall {
  plugin: string;
  method: string;
  options: Record<string, unknown> | null;
}

export interface DoubleDevice {
  /** Installed app version (App.getInfo). */
  version?: string;
  biometrics?: boolean;
}

const METHODS: Record<string, readonly string[]> = {
  App: ['getInfo', 'getState', 'getLaunchUrl', 'exitApp', 'minimizeApp'],
  Network: ['getStatus'],
  StatusBar: ['setStyle', 'setBackgroundColor', 'show', 'hide', 'getInfo', 'setOverlaysWebView'],
  SplashScreen: ['show', 'hide'],
  Preferences: ['get', 'set', 'remove', 'clear', 'keys'],
  PushNotifications: ['checkPermissions', 'requestPermissions', 'register', 'unregister', 'createChannel'],
  NativeBiometric: [
    'isAvailable',
    'verifyIdentity',
    'getCredentials',
    'setCredentials',
    'deleteCredentials',
    'isCredentialsSaved',
  ],
};

function installDouble({
  methods,
  device,
}: {
  methods: Record<string, readonly string[]>;
  device: DoubleDevice;
}) {
  const store = window.localStorage;
  const read = (key: string) => store.getItem(`double.${key}`);
  const write = (key: string, value: string | null) =>
    value === null ? store.removeItem(`double.${key}`) : store.setItem(`double.${key}`, value);
  if (read('version') === null) write('version', device.version ?? '0.6.3');
  if (read('biometrics') === null) write('biometrics', device.biometrics === false ? '0' : '1');

  const calls: { plugin: string; method: string; options: Record<string, unknown> | null }[] = [];
  const listeners = new Map<string, ((data: unknown) => void)[]>();
  let nextId = 1;
  const fail = (message: string) => Object.assign(new Error(message), { message });

  const answer = (plugin: string, method: string, o: Record<string, string>): unknown => {
    switch (`${plugin}.${method}`) {
      case 'App.getInfo':
        return { name: 'Sole Gas Acqua', id: 'it.sportello.sga', build: '603', version: read('version') };
      case 'Network.getStatus':
        return { connected: true, connectionType: 'wifi' };
      case 'Preferences.get':
        return { value: read(`pref.${o.key}`) };
      case 'Preferences.set':
        return write(`pref.${o.key}`, o.value ?? null);
      case 'Preferences.remove':
        return write(`pref.${o.key}`, null);
      case 'PushNotifications.checkPermissions':
        return { receive: read('push') ?? 'prompt' };
      case 'PushNotifications.requestPermissions':
        write('push', 'granted');
        return { receive: 'granted' };
      case 'PushNotifications.register':
        setTimeout(() => emit('PushNotifications', 'registration', { value: 'fcm-token-e2e' }), 0);
        return undefined;
      case 'NativeBiometric.isAvailable':
        return { isAvailable: read('biometrics') === '1', biometryType: 3 };
      case 'NativeBiometric.verifyIdentity':
        if (read('biometricFails') === '1') throw fail('Authentication failed');
        return undefined;
      case 'NativeBiometric.isCredentialsSaved':
        return { isSaved: read(`keychain.${o.server}`) !== null };
      case 'NativeBiometric.getCredentials': {
        const saved = read(`keychain.${o.server}`);
        if (!saved) throw fail('No credentials');
        return JSON.parse(saved);
      }
      case 'NativeBiometric.setCredentials':
        return write(`keychain.${o.server}`, JSON.stringify({ username: o.username, password: o.password }));
      case 'NativeBiometric.deleteCredentials':
        return write(`keychain.${o.server}`, null);
      default:
        return undefined;
    }
  };

  function emit(plugin: string, eventName: string, data: unknown) {
    for (const callback of listeners.get(`${plugin}.${eventName}`) ?? []) callback(data);
  }

  const header = (name: string) => ({
    name,
    methods: [
      ...(methods[name] ?? []).map((method) => ({ name: method, rtype: 'promise' })),
      { name: 'addListener', rtype: 'callback' },
      { name: 'removeListener', rtype: 'promise' },
      { name: 'removeAllListeners', rtype: 'promise' },
    ],
  });

  const win = window as unknown as Record<string, unknown>;
  win.androidBridge = { postMessage: () => undefined };
  win.Capacitor = {
    PluginHeaders: Object.keys(methods).map(header),
    isNativePlatform: () => true,
    getPlatform: () => 'android',
    nativePromise(plugin: string, method: string, options: Record<string, string> | null) {
      calls.push({ plugin, method, options });
      try {
        return Promise.resolve(answer(plugin, method, options ?? {}));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    nativeCallback(
      plugin: string,
      method: string,
      options: Record<string, string> | null,
      callback: (data: unknown) => void,
    ) {
      calls.push({ plugin, method, options });
      if (method === 'addListener' && options?.eventName) {
        const key = `${plugin}.${options.eventName}`;
        listeners.set(key, [...(listeners.get(key) ?? []), callback]);
      }
      return String(nextId++);
    },
  };
  win.__nativeDouble = { calls, emit };
}

/** Switches app mode on for every page the test opens. */
export async function installNativeDouble(page: Page, device: DoubleDevice = {}): Promise<void> {
  await page.addInitScript(installDouble, { methods: METHODS, device });
}

type DoubleWindow = {
  __nativeDouble: { calls: DoubleCall[]; emit: (p: string, e: string, d: unknown) => void };
};

export const nativeCalls = (page: Page, plugin: string, method?: string) =>
  page.evaluate(
    ([p, m]) =>
      (window as unknown as DoubleWindow).__nativeDouble.calls.filter(
        (call) => call.plugin === p && (!m || call.method === m),
      ),
    [plugin, method] as const,
  );

export const emitNative = (page: Page, plugin: string, eventName: string, data: unknown) =>
  page.evaluate(
    ([p, e, d]) => (window as unknown as DoubleWindow).__nativeDouble.emit(p as string, e as string, d),
    [plugin, eventName, data] as const,
  );

/** Changes the double's device between runs of the app (reloads). */
export const setDevice = (page: Page, key: 'version' | 'biometricFails', value: string | null) =>
  page.evaluate(
    ([k, v]) =>
      v === null ? localStorage.removeItem(`double.${k}`) : localStorage.setItem(`double.${k}`, v),
    [key, value] as const,
  );
