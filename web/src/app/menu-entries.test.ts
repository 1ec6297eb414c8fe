import { describe, expect, it } from 'vitest';
import { visibleMenuEntries } from './menu-entries';
import type { RouteDefinition } from './route-table';

const page = () => Promise.resolve({ default: () => null });
const route = (name: string, path: string, extra: Partial<RouteDefinition> = {}): RouteDefinition => ({
  name,
  path,
  login: true,
  title: 'dashboard',
  page,
  ...extra,
});

const everyRoute = [
  route('dashboard', '/dashboard'),
  route('supplies', '/supplies'),
  route('messages', '/messages'),
  route('profile', '/profile'),
  route('services', '/services', { moduleKeys: ['ser'] }),
  route('practices', '/practices', { moduleKeys: ['prat'] }),
  route('invoices', '/invoices', { moduleKeys: ['fatt'] }),
  route('support', '/support'),
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
      'practices',
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

  it('hides entries whose route is not in the table yet', () => {
    expect(labels([route('dashboard', '/dashboard')], ['ser', 'prat', 'fatt', 'panoram'])).toEqual(['home']);
  });

  it('marks profile as small screens only', () => {
    const profile = visibleMenuEntries(everyRoute, { modules: [], rcrm: false }).find(
      (entry) => entry.label === 'profile',
    );
    expect(profile?.smallScreensOnly).toBe(true);
  });
});
