import { describe, expect, it } from 'vitest';
import { authRoutes } from '../features/auth/routes';
import { customerRoutes } from '../features/customers/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { errorRoutes } from '../features/errors/routes';
import { testRoute as route } from '../shared/navigation/test-route';
import { decideNavigation, GUARD_PATHS, type GuardState } from './guards';

const dashboard = dashboardRoutes.home;
const login = authRoutes.login;
const company = authRoutes.company;
const customers = customerRoutes.choice;
const notFound = errorRoutes.notFound;
const services = route({ name: 'services', path: '/services', login: true, moduleKeys: ['ser'] });
const graphs = route({
  name: 'supply_graphs',
  path: '/supplies/:id/graphs',
  login: true,
  moduleKeys: ['grafConsumi'],
});
const appLogin = authRoutes.appLogin;
const activeBiometric = authRoutes.activeBiometric;
const onboarding = route({ name: 'onboarding', path: '/onboarding', login: true, customerExempt: true });

/** A logged-in web user with a brand and a customer: everything allowed. */
const ready: GuardState = {
  modules: ['ser', 'grafConsumi'],
  rcrm: false,
  isApp: false,
  companyChosen: true,
  loggedIn: true,
  appLoggedIn: false,
  customerSelected: true,
  returnTo: null,
};
const guest: GuardState = { ...ready, loggedIn: false, customerSelected: false };

describe('guard 2: unknown or disabled routes', () => {
  it('sends an unknown path to error-404', () => {
    expect(decideNavigation(ready, undefined)).toEqual({ redirect: GUARD_PATHS.notFound });
  });

  it('treats a route whose module is disabled as unknown', () => {
    expect(decideNavigation({ ...ready, modules: [] }, services)).toEqual({ redirect: GUARD_PATHS.notFound });
    expect(decideNavigation(ready, services)).toEqual({ allow: true });
  });

  it('with rcrm leaves only the consumption graph route', () => {
    const rcrm = { ...ready, rcrm: true };
    expect(decideNavigation(rcrm, dashboard)).toEqual({ redirect: GUARD_PATHS.notFound });
    expect(decideNavigation(rcrm, graphs)).toEqual({ allow: true });
  });

  it('always lets error pages render, whatever the state', () => {
    const worst: GuardState = { ...guest, companyChosen: false, rcrm: true, modules: [] };
    expect(decideNavigation(worst, notFound)).toEqual({ allow: true });
  });
});

describe('guard 3: status bar in the app', () => {
  it('carries the route style in the app only', () => {
    expect(decideNavigation({ ...ready, isApp: true, appLoggedIn: true }, dashboard)).toEqual({
      allow: true,
      statusBarStyle: 'light',
    });
    expect(decideNavigation(ready, dashboard)).toEqual({ allow: true });
  });
});

describe('guard 4: brand choice', () => {
  it('sends to the company page when no brand is chosen', () => {
    expect(decideNavigation({ ...guest, companyChosen: false }, login)).toEqual({
      redirect: GUARD_PATHS.company,
    });
  });

  it('lets the company page itself through', () => {
    expect(decideNavigation({ ...guest, companyChosen: false }, company)).toEqual({ allow: true });
  });
});

describe('guard 5: app-login for a logged-out app user', () => {
  it('sends to app-login in the app only', () => {
    expect(decideNavigation({ ...guest, isApp: true }, login)).toEqual({ redirect: GUARD_PATHS.appLogin });
    expect(decideNavigation(guest, login)).toEqual({ allow: true });
  });

  it('lets app-login and the company page through', () => {
    expect(decideNavigation({ ...guest, isApp: true }, appLogin)).toEqual({
      allow: true,
      statusBarStyle: 'light',
    });
    expect(decideNavigation({ ...guest, isApp: true }, company)).toEqual({
      allow: true,
      statusBarStyle: 'dark',
    });
  });
});

describe('guard 6: protected routes', () => {
  it('sends a guest to login', () => {
    expect(decideNavigation(guest, dashboard)).toEqual({ redirect: GUARD_PATHS.login });
  });
});

describe('a login detour comes back to the page asked for', () => {
  it('adds the page to the login and app-login redirects of guards 5, 6 and 7', () => {
    const returnTo = '/invoice/F1?x=1';
    expect(decideNavigation({ ...guest, returnTo }, dashboard)).toEqual({
      redirect: '/login?next=%2Finvoice%2FF1%3Fx%3D1',
    });
    expect(decideNavigation({ ...guest, isApp: true, returnTo }, dashboard)).toEqual({
      redirect: '/applogin?next=%2Finvoice%2FF1%3Fx%3D1',
    });
    expect(decideNavigation({ ...ready, isApp: true, returnTo }, dashboard)).toEqual({
      redirect: '/applogin?next=%2Finvoice%2FF1%3Fx%3D1',
    });
  });
});

describe('guard 7: app-login for a logged-in app user', () => {
  it('sends to app-login until passed in this session', () => {
    const app = { ...ready, isApp: true };
    expect(decideNavigation(app, dashboard)).toEqual({ redirect: GUARD_PATHS.appLogin });
    expect(decideNavigation({ ...app, appLoggedIn: true }, dashboard)).toEqual({
      allow: true,
      statusBarStyle: 'light',
    });
  });
});

describe('the app-login route and the biometric offer', () => {
  it('GUARD_PATHS.appLogin is the app-login route', () => {
    expect(GUARD_PATHS.appLogin).toBe('/applogin');
  });

  it('offers biometrics only after app-login, and before a customer is chosen', () => {
    const app = { ...ready, isApp: true, customerSelected: false };
    expect(decideNavigation(app, activeBiometric)).toEqual({ redirect: GUARD_PATHS.appLogin });
    expect(decideNavigation({ ...app, appLoggedIn: true }, activeBiometric)).toEqual({
      allow: true,
      statusBarStyle: 'light',
    });
  });

  it('keeps a logged-out app user on app-login for protected pages too (guard 5 before 6)', () => {
    expect(decideNavigation({ ...guest, isApp: true }, activeBiometric)).toEqual({
      redirect: GUARD_PATHS.appLogin,
    });
    expect(decideNavigation(guest, activeBiometric)).toEqual({ redirect: GUARD_PATHS.login });
  });

  it('sends an app user without a brand to the company page first (guard 4 before 5)', () => {
    expect(decideNavigation({ ...guest, isApp: true, companyChosen: false }, appLogin)).toEqual({
      redirect: GUARD_PATHS.company,
    });
  });
});

describe('guard 8: logged-out pages when logged in', () => {
  it('sends a logged-in web user from login to the dashboard', () => {
    expect(decideNavigation(ready, login)).toEqual({ redirect: GUARD_PATHS.dashboard });
    expect(decideNavigation(ready, company)).toEqual({ redirect: GUARD_PATHS.dashboard });
  });

  it('lets a logged-in app user who has not passed app-login reach it', () => {
    expect(decideNavigation({ ...ready, isApp: true }, appLogin)).toEqual({
      allow: true,
      statusBarStyle: 'light',
    });
  });

  it('sends a logged-in web user, or an app user past app-login, from app-login to the dashboard', () => {
    expect(decideNavigation(ready, appLogin)).toEqual({ redirect: GUARD_PATHS.dashboard });
    expect(decideNavigation({ ...ready, isApp: true, appLoggedIn: true }, appLogin)).toEqual({
      redirect: GUARD_PATHS.dashboard,
    });
  });
});

describe('guard 9: customer choice', () => {
  const noCustomer = { ...ready, customerSelected: false };

  it('sends to customers when none is selected', () => {
    expect(decideNavigation(noCustomer, dashboard)).toEqual({ redirect: GUARD_PATHS.customers });
  });

  it('exempts the customers page and the other listed routes', () => {
    expect(decideNavigation(noCustomer, customers)).toEqual({ allow: true });
    expect(decideNavigation(noCustomer, onboarding)).toEqual({ allow: true });
  });
});

describe('guards in combination', () => {
  it('asks for the brand first (no module is known without one), then checks the module, then the login', () => {
    const nothing: GuardState = { ...guest, companyChosen: false, modules: [], returnTo: '/services' };
    expect(decideNavigation(nothing, services)).toEqual({ redirect: '/company?next=%2Fservices' });
    expect(decideNavigation({ ...guest, modules: [] }, services)).toEqual({ redirect: GUARD_PATHS.notFound });
    expect(decideNavigation({ ...guest, modules: ['ser'] }, services)).toEqual({
      redirect: GUARD_PATHS.login,
    });
  });

  it('walks a new user from login to the dashboard', () => {
    expect(decideNavigation(guest, login)).toEqual({ allow: true });
    expect(decideNavigation({ ...guest, loggedIn: true }, dashboard)).toEqual({
      redirect: GUARD_PATHS.customers,
    });
    expect(decideNavigation({ ...guest, loggedIn: true }, customers)).toEqual({ allow: true });
    expect(decideNavigation(ready, dashboard)).toEqual({ allow: true });
  });

  it('in the app, app-login comes before the customer choice', () => {
    const app = { ...ready, isApp: true, customerSelected: false };
    expect(decideNavigation(app, dashboard)).toEqual({ redirect: GUARD_PATHS.appLogin });
    expect(decideNavigation({ ...app, appLoggedIn: true }, dashboard)).toEqual({
      redirect: GUARD_PATHS.customers,
    });
  });
});
