// The profile pages of SPEC §2 (account data, e-mail and phone with one-time codes, password,
// consents, alert preferences, home phone, shipping address, registry change), "I tuoi dati" (the
// archive of ADR 039) and /onboarding. The pages of the login itself (`loginPage`) open before any
// customer is linked: a user who registered without a contract still manages his own access.
import { defineFeature } from '../../shared/navigation/feature';

const page = <P extends string, T extends `profile.titles.${string}`>(
  name: string,
  path: P,
  title: T,
  load: () => Promise<{ default: React.ComponentType }>,
) => ({ name, path, login: true, title, page: load }) as const;

/** A page of the login alone (its e-mail, mobile, password, passkeys, devices, alerts, archive). */
const loginPage = <P extends string, T extends `profile.titles.${string}`>(
  name: string,
  path: P,
  title: T,
  load: () => Promise<{ default: React.ComponentType }>,
) => ({ ...page(name, path, title, load), customerExempt: true }) as const;

export const profileFeature = defineFeature({
  name: 'profile',
  purpose:
    'account data, e-mail and phone with one-time codes, password, consents, alerts, registry change, e-invoicing (ADR 067), devices and sessions, passkeys, personal tokens, delegations given, "I tuoi dati", onboarding',
  texts: () => import('./i18n'),
  routes: {
    profile: {
      ...loginPage('profile', '/profile', 'profile.titles.profile', () => import('./pages/profile-page')),
      menu: { label: 'profile', smallScreensOnly: true },
    },
    editEmail: loginPage(
      'profile_edit_email',
      '/profile/edit-email',
      'profile.titles.edit_email',
      () => import('./pages/edit-email-page'),
    ),
    checkEmail: loginPage(
      'check_email',
      '/check-email',
      'profile.titles.check_email',
      () => import('./pages/check-email-page'),
    ),
    editPhone: loginPage(
      'profile_edit_phone',
      '/profile/edit-phone',
      'profile.titles.edit_phone',
      () => import('./pages/edit-phone-page'),
    ),
    checkPhone: loginPage(
      'check_phone',
      '/check-phone',
      'profile.titles.check_phone',
      () => import('./pages/check-phone-page'),
    ),
    editPhoneHome: page(
      'profile_edit_phone_home',
      '/profile/edit-phone-home',
      'profile.titles.edit_phone_home',
      () => import('./pages/edit-phone-home-page'),
    ),
    editPassword: loginPage(
      'profile_edit_password',
      '/profile/edit-password',
      'profile.titles.edit_password',
      () => import('./pages/edit-password-page'),
    ),
    managePrivacy: page(
      'profile_manage_privacy',
      '/profile/manage-privacy',
      'profile.titles.manage_privacy',
      () => import('./pages/manage-privacy-page'),
    ),
    managePush: loginPage(
      'profile_manage_push',
      '/profile/manage-push',
      'profile.titles.manage_push',
      () => import('./pages/manage-push-page'),
    ),
    editShippingAddress: page(
      'profile_edit_shipping_address',
      '/profile/edit-shipping-address',
      'profile.titles.edit_shipping_address',
      () => import('./pages/edit-shipping-address-page'),
    ),
    eInvoicing: page(
      'profile_einvoicing',
      '/profile/fatturazione-elettronica',
      'profile.titles.einvoicing',
      () => import('./pages/einvoicing-page'),
    ),
    registryChange: page(
      'profile_registry_change',
      '/profile/registry-change',
      'profile.titles.registry_change',
      () => import('./pages/registry-change-page'),
    ),
    devices: loginPage(
      'profile_devices',
      '/profile/dispositivi',
      'profile.titles.devices',
      () => import('./pages/devices-page'),
    ),
    archives: loginPage(
      'profile_archives',
      '/profile/i-tuoi-dati',
      'profile.titles.archives',
      () => import('./pages/data-archives-page'),
    ),
    tokens: page(
      'profile_tokens',
      '/profile/token-personali',
      'profile.titles.tokens',
      () => import('./pages/tokens-page'),
    ),
    delegations: page(
      'profile_delegations',
      '/profile/deleghe',
      'profile.titles.delegations',
      () => import('./pages/delegations-page'),
    ),
    passkeys: loginPage(
      'profile_passkeys',
      '/profile/passkey',
      'profile.titles.passkeys',
      () => import('./pages/passkeys-page'),
    ),
    // The link of a new-login notice (ADR 037): with or without a login here.
    endSession: {
      name: 'end_session',
      path: '/accesso/termina/:token',
      login: 'optional',
      customerExempt: true,
      title: 'profile.titles.end_session',
      page: () => import('./pages/end-session-page'),
    },
    onboarding: {
      ...page(
        'onboarding',
        '/onboarding',
        'profile.titles.onboarding',
        () => import('./pages/onboarding-page'),
      ),
      customerExempt: true,
    },
  },
});

export const profileRoutes = profileFeature.routes;
