// Push in the app: permission is asked at a sensible moment — once the user has passed
// app login and chosen a customer, never at first launch — then the token is registered with
// POST devices, registered again when the OS changes it (the old one removed), and removed at
// logout (DELETE devices) while the session is still open.
import { core } from '@sportello/contract';
import { readPreference, writePreference } from '../../native/preferences';
import { askPushPermission, pushPlatform, registerForPush } from '../../native/push';
import { callApi } from '../../shared/api/api-client';
import { onLogout } from '../../shared/session/session-lifecycle';
import { appState, useAppStore } from '../../shared/state/app-store';

const TOKEN_KEY = 'sportello.push.token';

async function register(token: string): Promise<void> {
  const previous = await readPreference(TOKEN_KEY);
  if (previous && previous !== token) await unregister(previous);
  const platform = pushPlatform();
  await callApi(
    core.registerDevice,
    { body: platform ? { fbPushId: token, platform } : { fbPushId: token } },
    { quiet: true },
  );
  await writePreference(TOKEN_KEY, token);
}

async function unregister(token: string): Promise<void> {
  await callApi(core.unregisterDevice, { query: { fbPushId: token } }, { quiet: true }).catch(
    () => undefined,
  );
}

const readyForPush = () => {
  const state = appState();
  return state.user !== null && state.appLoggedIn && state.customer !== null;
};

export function startPushRegistration(): void {
  onLogout(async () => {
    const token = await readPreference(TOKEN_KEY);
    if (token) await unregister(token);
  });
  // Once per run of the app, for each login (the device belongs to whoever is logged in).
  let registeredFor: string | null = null;
  const maybeRegister = () => {
    const userId = appState().user?.id ?? null;
    if (!readyForPush() || registeredFor === userId) return;
    registeredFor = userId;
    void (async () => {
      if (!(await askPushPermission())) return;
      await registerForPush((token) => void register(token).catch(() => undefined));
    })().catch(() => undefined);
  };
  useAppStore.subscribe((state) => {
    if (state.user === null) registeredFor = null;
    maybeRegister();
  });
  maybeRegister();
}
