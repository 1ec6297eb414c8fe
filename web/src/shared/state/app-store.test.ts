import type { User } from '@sportello/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseCompany, clearSession, setSession, storedSessionWasLoggedIn } from './app-store';

const user = { id: '1', username: 'mariorossi' } as User;

describe('whether the stored session was a login (SPEC §8 "Login scaduto" on a fresh load)', () => {
  beforeEach(() => window.localStorage.clear());

  it('is remembered for a logged-in session, not for a guest one', () => {
    setSession('guest', null);
    expect(storedSessionWasLoggedIn()).toBe(false);
    setSession('logged-in', user);
    expect(storedSessionWasLoggedIn()).toBe(true);
    setSession('guest-again', null);
    expect(storedSessionWasLoggedIn()).toBe(false);
  });

  it('is forgotten with the session: logout, expiry, another brand', () => {
    setSession('logged-in', user);
    clearSession();
    expect(storedSessionWasLoggedIn()).toBe(false);
    setSession('logged-in', user);
    chooseCompany('mes');
    expect(storedSessionWasLoggedIn()).toBe(false);
  });
});
