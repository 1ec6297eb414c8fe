// The services pages of SPEC §2 (module key ser): the catalogue, Bolletta click, one service, one
// service on a supply, activating a service, and a maintenance contract.
import { defineFeature } from '../../shared/navigation/feature';

const SER = ['ser'] as const;

export const servicesFeature = defineFeature({
  name: 'services',
  purpose: "the brand's services, Bolletta click, activation, maintenance contracts",
  texts: () => import('./i18n'),
  routes: {
    list: {
      name: 'services',
      path: '/services',
      login: true,
      moduleKeys: SER,
      title: 'services.titles.list',
      menu: { label: 'services' },
      page: () => import('./pages/services-page'),
    },
    bollettaclick: {
      name: 'services_bollettaclick',
      path: '/services/bollettaclick',
      login: true,
      title: 'services.titles.bollettaclick',
      page: () => import('./pages/bollettaclick-page'),
    },
    activation: {
      name: 'services_activation',
      path: '/services/activation/:index',
      login: true,
      title: 'services.titles.activation',
      page: () => import('./pages/activation-page'),
    },
    serviceSupply: {
      name: 'service_supply',
      path: '/services/:index/:supplyid',
      login: true,
      title: 'services.titles.service_supply',
      page: () => import('./pages/service-supply-page'),
    },
    service: {
      name: 'service',
      path: '/services/:index',
      login: true,
      title: 'services.titles.service',
      page: () => import('./pages/service-page'),
    },
    maintenance: {
      name: 'maintenance',
      path: '/maintenance/:index',
      login: true,
      moduleKeys: SER,
      title: 'services.titles.maintenance',
      page: () => import('./pages/maintenance-page'),
    },
  },
});

export const serviceRoutes = servicesFeature.routes;
