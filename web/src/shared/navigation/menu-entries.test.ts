import { describe, expect, it } from 'vitest';
import type { RouteDefinition, RouteInput } from './feature';
import { visibleMenuEntries } from './menu-entries';
import { testRoute } from './test-route';

const route = (name: string, path: string, extra: Partial<RouteInput> = {}) =>
  testRoute({ name, path, login: true, ...extra });

// Listed out of SPEC §2's order on purpose: the menu puts them in order by label.
const everyRoute = [
  route('support', '/support', { menu: { label: 'support' } }),
  route('dashboard', '/dashboard', { menu: { label: 'home' } }),
  route('supplies', '/supplies', { menu: { label: 'supplies' } }),
  route('messages', '/messages', { menu: { label: 'messages' } }),
  route('profile', '/profile', { menu: { label: 'profile', smallScreensOnly: true } }),
  route('services', '/services', { moduleKeys: ['ser'], menu: { label: 'services' } }),
  route('requests', '/practices', { moduleKeys: ['prat'], menu: { label: 'requests' } }),
  route('invoices', '/invoices', {
    moduleKeys: ['fatt'],
    menu: { label: 'invoices', moduleKeys: ['panoram', 'dettFatt'] },
  }),
  route('invoice', '/invoices/:id', { moduleKeys: ['fatt'] }),
];

const labels = (routes: RouteDefinition[], modules: string[]) =>
  visibleMenuEntries(routes, { modules, rcrm: false }).map((entry) => entry.label);

describe('side menu entries', () => {
  it('lists every entry in the order of SPEC §2 when all is enabled', () => {
    expect(labels(everyRoute, ['ser', 'prat', 'fatt', 'panoram'])).toEqual([
      'home',
      'supplies',
      'messages',
      'profile',
      'services',
      'requests',
      'invoices',
      'support',
    ]);
  });

  it('hides a module entry whose key is missing', () => {
    expect(labels(everyRoute, ['prat', 'fatt', 'dettFatt'])).not.toContain('services');
  });

  it('shows invoices only with panoram or dettFatt and an existing invoices route', () => {
    expect(labels(everyRoute, ['fatt'])).not.toContain('invoices');
    expect(labels(everyRoute, ['fatt', 'dettFatt'])).toContain('invoices');
    expect(labels(everyRoute, ['dettFatt'])).not.toContain('invoices');
  });

  it('lists only routes that place themselves in the menu', () => {
    expect(labels(everyRoute.slice(0, 2), ['ser', 'prat', 'fatt', 'panoram'])).toEqual(['home', 'support']);
  });

  it('with rcrm lists nothing', () => {
    expect(visibleMenuEntries(everyRoute, { modules: ['ser'], rcrm: true })).toEqual([]);
  });

  it('marks profile as small screens only', () => {
    const profile = visibleMenuEntries(everyRoute, { modules: [], rcrm: false }).find(
      (entry) => entry.label === 'profile',
    );
    expect(profile?.smallScreensOnly).toBe(true);
  });
});
