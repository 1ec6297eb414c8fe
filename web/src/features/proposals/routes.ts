// /proposals/{id} (SPEC §2): one proposal, only within its dates (SPEC §4); a guest may open it
// from a proposal link (module 8, SPEC §6). /condizioni-generali: the general supply conditions
// a proposal and the acceptance of new conditions refer to, open to anyone.
import { defineFeature } from '../../shared/navigation/feature';

export const proposalsFeature = defineFeature({
  name: 'proposals',
  purpose:
    "proposals within their dates, answered once (linked from the dashboard's messages card and the messages page); the general conditions",
  texts: () => import('./i18n'),
  routes: {
    // Before `detail`: '/proposals' is its own page, the list once logged in.
    list: {
      name: 'proposals',
      path: '/proposals',
      login: true,
      serverData: true,
      title: 'proposals.titles.list',
      page: () => import('./pages/proposals-page'),
    },
    detail: {
      name: 'proposal',
      path: '/proposals/:id',
      // A guest session tied to a proposal link answers that proposal (ADR 013).
      login: 'optional',
      serverData: true,
      title: 'proposals.titles.detail',
      page: () => import('./pages/proposal-page'),
    },
    conditions: {
      name: 'general_conditions',
      path: '/condizioni-generali',
      login: 'optional',
      companyExempt: true,
      customerExempt: true,
      title: 'proposals.titles.conditions',
      page: () => import('./pages/conditions-page'),
    },
  },
});

export const proposalRoutes = proposalsFeature.routes;
