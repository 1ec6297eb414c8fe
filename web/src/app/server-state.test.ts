// Guard 1 as ADR 033 has it: the modules list is asked with the stored session's check, held for the
// session, and re-asked behind a navigation only once it is older than MODULES_FRESH_MS.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState, clearSession, resetAppState } from '../shared/state/app-store';
import { MODULES_FRESH_MS, refreshServerState } from './server-state';

const SESSION = 'stored-session-id';

/** The server: a live session for SESSION, the modules listed in `modules`; every request counted. */
function fakeServer(modules: string[][]) {
  const asked: string[] = [];
  let listed = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = new URL(url, 'http://portal').pathname;
      asked.push(path);
      const data = path.endsWith('/modules')
        ? (modules[Math.min(listed++, modules.length - 1)] ?? []).map((key) => ({ key }))
        : {
            id: SESSION,
            company: 'sga',
            locale: 'it',
            roles: ['guest'],
            user: null,
            expiresAt: '2030-01-01T00:00:00.000Z',
          };
      return Promise.resolve(new Response(JSON.stringify({ success: true, data })));
    }),
  );
  return { modulesAsked: () => asked.filter((path) => path.endsWith('/modules')).length, asked };
}

describe('the server state before a navigation', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    localStorage.clear();
    localStorage.setItem('sportello.company', 'sga');
    localStorage.setItem('sportello.sessionId', SESSION);
    resetAppState();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the modules with the session check, then holds them until they are old', async () => {
    const server = fakeServer([['fatt'], ['fatt', 'ser']]);
    await refreshServerState();
    expect(server.asked).toHaveLength(2);
    expect(appState().modules).toEqual(['fatt']);

    await refreshServerState();
    expect(server.modulesAsked()).toBe(1);

    vi.setSystemTime(Date.now() + MODULES_FRESH_MS);
    await refreshServerState();
    // Asked behind the navigation: the guards used the list held, the answer serves the next one.
    expect(server.modulesAsked()).toBe(2);
    await vi.waitFor(() => expect(appState().modules).toEqual(['fatt', 'ser']));
  });

  it('asks again once the session, and the modules with it, are forgotten', async () => {
    const server = fakeServer([['fatt']]);
    await refreshServerState();
    clearSession();
    await refreshServerState();
    expect(server.modulesAsked()).toBe(2);
    expect(appState().modules).toEqual(['fatt']);
  });
});
