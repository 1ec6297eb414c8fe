// A staff's view tab (ADR 043) keeps the app's saved values in the tab: the session it spent never
// reaches localStorage, where other tabs and a customer's own login live.
import { afterEach, describe, expect, it } from 'vitest';
import { savedValue } from '../state/local-storage';
import { VIEW_FLAG, viewOfTab } from './view-tab';

describe('the view tab', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it('an ordinary tab saves in localStorage', () => {
    savedValue.write('sessionId', 'ordinary');
    expect(viewOfTab()).toBeNull();
    expect(window.localStorage.getItem('sportello.sessionId')).toBe('ordinary');
  });

  it('a view tab saves and reads in its sessionStorage only', () => {
    window.localStorage.setItem('sportello.sessionId', 'customer-own-login');
    window.sessionStorage.setItem(
      VIEW_FLAG,
      JSON.stringify({ reason: 'bill', endsAt: '2026-11-27T15:42:00Z' }),
    );
    expect(viewOfTab()).toEqual({ reason: 'bill', endsAt: '2026-11-27T15:42:00Z' });
    expect(savedValue.read('sessionId')).toBeNull();
    savedValue.write('sessionId', 'view');
    expect(window.sessionStorage.getItem('sportello.sessionId')).toBe('view');
    expect(window.localStorage.getItem('sportello.sessionId')).toBe('customer-own-login');
  });
});
