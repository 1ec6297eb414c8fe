// /offers/{key} (SPEC §2): an offer of one of the customer's supplies, by its ERP key.
import { defineFeature } from '../../shared/navigation/feature';

export const offersFeature = defineFeature({
  name: 'offers',
  purpose: "the offer of one of the customer's supplies",
  texts: () => import('./i18n'),
  routes: {
    detail: {
      name: 'offer',
      path: '/offers/:key',
      login: true,
      title: 'offers.titles.detail',
      page: () => import('./pages/offer-page'),
    },
  },
});

export const offerRoutes = offersFeature.routes;
