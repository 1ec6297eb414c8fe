// /proposals/{id} (SPEC §2): one proposal, only within its dates (SPEC §4); a guest may open it
// from a proposal link (module 8, SPEC §6).
import { defineFeature } from '../../shared/navigation/feature';

export const proposalsFeature = defineFeature({
  texts: () => import('./i18n'),
  routes: {
    detail: {
      name: 'proposal',
      path: '/proposals/:id',
      // A guest session tied to a proposal link answers that proposal (ADR 013).
      login: 'optional',
      serverData: true,
      title: 'proposals.titles.detail',
      page: () => import('./routes/proposal-page'),
    },
  },
});

export const proposalRoutes = proposalsFeature.routes;
