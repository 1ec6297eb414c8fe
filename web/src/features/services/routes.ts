// The services pages of SPEC §2 (module key ser): the catalogue, Bolletta click, one service, one
// service on a supply, activating a service, and a maintenance contract.
import { defineFeature } from '../../shared/navigation/feature';

const SER = ['ser'] as const;

export const servicesFeature = defineFeature({
  texts: () => import('./i18n'),
  routes: {
    list: {
      name: 'services',
      path: '/services',
      login: true,
      moduleKeys: SER,
      title: 'services.titles.list',
      menu: { label: 'services' },
      page: () => import('./routes/services-page'),
    },
    bollettaclick: {
      name: 'services_bollettaclick',
      path: '/services/bollettaclick',
      login: true,
      title: 'services.titles.bollettaclick',
      page: () => import('./routes/bollettaclick-page'),
    },
    activation: {
      name: 'services_activation',
      path: '/services/activation/:index',
      login: true,
      title: 'services.titles.activation',
      page: () => import('./routes/activation-page'),
    },
    serviceSupply: {
      name: 'service_supply',
      path: '/services/:index/:supplyid',
      login: true,
      title: 'services.titles.service_supply',
      page: () => import('./routes/service-supply-page'),
    },
    service: {
      name: 'service',
      path: '/services/:index',
      login: true,
      title: 'services.titles.service',
      page: () => import('./routes/service-page'),
    },
    maintenance: {
      name: 'maintenance',
      path: '/maintenance/:index',
      login: true,
      moduleKeys: SER,
      title: 'services.titles.maintenance',
      page: () => import('./routes/maintenance-page'),
    },
  },
});

export const serviceRoutes = servicesFeature.routes;
