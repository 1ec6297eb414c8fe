// The complaints pages (reclami, ADR 030): the list with each complaint's clock, the form, one
// complaint with its answer and PDF, the logged-out form reached from the footer and help, and the
// page where a logged-out complaint is looked up with its receipt's number and code (ADR 063).
import { defineFeature } from '../../shared/navigation/feature';

export const complaintsFeature = defineFeature({
  name: 'complaints',
  purpose:
    "complaints (reclami, ADR 030): the list with each one's clock, the form, one complaint with its answer and PDF, the logged-out form and its lookup by number and code",
  texts: () => import('./i18n'),
  routes: {
    list: {
      name: 'complaints',
      path: '/reclami',
      login: true,
      title: 'complaints.titles.list',
      page: () => import('./pages/complaints-page'),
    },
    create: {
      name: 'complaint_new',
      path: '/reclami/nuovo',
      login: true,
      title: 'complaints.titles.create',
      page: () => import('./pages/new-complaint-page'),
    },
    guest: {
      name: 'complaint_guest',
      path: '/reclami/modulo',
      login: 'optional',
      customerExempt: true,
      serverData: true,
      title: 'complaints.titles.guest',
      page: () => import('./pages/guest-complaint-page'),
    },
    // Before /reclami/:id: a fixed path wins over the parameter.
    guestLookup: {
      name: 'complaint_guest_lookup',
      path: '/reclami/consulta',
      login: 'optional',
      customerExempt: true,
      serverData: true,
      title: 'complaints.titles.lookup',
      page: () => import('./pages/guest-lookup-page'),
    },
    detail: {
      name: 'complaint',
      path: '/reclami/:id',
      login: true,
      title: 'complaints.titles.detail',
      page: () => import('./pages/complaint-page'),
    },
  },
});

export const complaintRoutes = complaintsFeature.routes;
