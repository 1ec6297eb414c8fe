// The practices pages of SPEC §2 (module key prat): the customer's requests, open and closed, and one
// request with its history.
import { defineFeature } from '../../shared/navigation/feature';

export const practicesFeature = defineFeature({
  texts: () => import('./i18n'),
  routes: {
    list: {
      name: 'practices',
      path: '/practices',
      login: true,
      moduleKeys: ['prat'],
      title: 'practices.titles.list',
      menu: { label: 'practices' },
      page: () => import('./pages/practices-page'),
    },
    detail: {
      name: 'practice',
      path: '/practices/:id',
      login: true,
      moduleKeys: ['prat'],
      title: 'practices.titles.detail',
      page: () => import('./pages/practice-page'),
    },
  },
});

export const practiceRoutes = practicesFeature.routes;
