// The metering pages of SPEC §2: self-reading (module AutoLettura), the readings archive (letture),
// the consumption graphs (grafConsumi, and the anonymous one of the rcrm flow) and the PUN.
import { defineFeature } from '../../shared/navigation/feature';

export const meteringFeature = defineFeature({
  name: 'metering',
  purpose: 'self-reading, readings archive, consumption charts (also anonymous, rcrm), PUN (ADR 017)',
  texts: () => import('./i18n'),
  routes: {
    selfReading: {
      name: 'supply_self_reading',
      path: '/supplies/:id/autolettura',
      // A guest from a self-reading link sends it too (SPEC §2: login not required).
      login: 'optional',
      moduleKeys: ['AutoLettura'],
      serverData: true,
      title: 'metering.titles.self_reading',
      page: () => import('./pages/self-reading-page'),
    },
    supplyArchive: {
      name: 'self_reading_archive_supply',
      path: '/self-reading/:id/archive',
      login: true,
      moduleKeys: ['letture'],
      title: 'metering.titles.archive',
      page: () => import('./pages/supply-archive-page'),
    },
    archive: {
      name: 'self_reading_archive',
      path: '/self-reading/archive',
      login: true,
      moduleKeys: ['letture'],
      title: 'metering.titles.archive',
      page: () => import('./pages/archive-page'),
    },
    graphs: {
      name: 'supply_graphs',
      path: '/supplies/:id/graphs',
      login: true,
      moduleKeys: ['grafConsumi'],
      footerLegend: true,
      title: 'metering.titles.graphs',
      page: () => import('./pages/graphs-page'),
    },
    graphsAnon: {
      name: 'supply_graphs_anon',
      path: '/supplies/:id/graphs/anon',
      // No login needed; 'optional' so the CRM's logged-in session is not sent to the dashboard.
      login: 'optional',
      serverData: true,
      footerLegend: true,
      title: 'metering.titles.graphs',
      page: () => import('./pages/graphs-anon-page'),
    },
    pun: {
      name: 'pun',
      path: '/pun',
      // A guest from a PUN link (module 9) reads it too.
      login: 'optional',
      serverData: true,
      title: 'metering.titles.pun',
      page: () => import('./pages/pun-page'),
    },
  },
});

export const meteringRoutes = meteringFeature.routes;
