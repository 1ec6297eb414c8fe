// The requests pages of SPEC §2 (module key prat): the customer's requests, open and closed, and one
// request with its history. The spec's URLs and the pages' words say practices (`pratiche`); the code
// says requests, as the server and the contract do.
import { defineFeature } from '../../shared/navigation/feature';

export const requestsFeature = defineFeature({
  name: 'requests',
  purpose:
    "the customer's requests, open and closed (the spec's URLs and the pages say practices, `pratiche`)",
  texts: () => import('./i18n'),
  routes: {
    list: {
      name: 'requests',
      path: '/practices',
      login: true,
      moduleKeys: ['prat'],
      title: 'requests.titles.list',
      menu: { label: 'requests' },
      page: () => import('./pages/requests-page'),
    },
    detail: {
      name: 'request',
      path: '/practices/:id',
      login: true,
      moduleKeys: ['prat'],
      title: 'requests.titles.detail',
      page: () => import('./pages/request-page'),
    },
  },
});

export const requestRoutes = requestsFeature.routes;
