// The support pages of SPEC §2: /support (logged in) and the helper pages anyone may open, and the
// write-us modal the shell's help button opens (loaded on demand).
import { defineFeature } from '../../shared/navigation/feature';

export const supportFeature = defineFeature({
  name: 'support',
  purpose: 'the support page, the helper pages and the write-us modal the help button opens',
  texts: () => import('./i18n'),
  routes: {
    support: {
      name: 'support',
      path: '/support',
      login: true,
      title: 'support.titles.support',
      menu: { label: 'support' },
      page: () => import('./pages/support-page'),
    },
    findDoor: {
      name: 'helpers_find_door',
      path: '/helpers/find-door',
      login: 'optional',
      companyExempt: true,
      customerExempt: true,
      title: 'support.titles.find_door',
      page: () => import('./pages/find-door-page'),
    },
    helperSupport: {
      name: 'helpers_support',
      path: '/helpers/support',
      login: 'optional',
      companyExempt: true,
      customerExempt: true,
      title: 'support.titles.helper_support',
      // The logged-out write-us form posts through the data layer.
      serverData: true,
      page: () => import('./pages/helper-support-page'),
    },
    helperOffers: {
      name: 'helpers_offers',
      path: '/helpers/offers',
      login: 'optional',
      companyExempt: true,
      customerExempt: true,
      title: 'support.titles.helper_offers',
      serverData: true,
      page: () => import('./pages/helper-offers-page'),
    },
  },
});

export const supportRoutes = supportFeature.routes;

/** The write-us modal (SPEC §1), for the help button: its code loads on the first open. */
export const loadContactModal = () => import('./components/contact-modal');
