// Paths of the error pages (SPEC §2), needed by the api client and the app before any feature.
export const ERROR_PATHS = {
  generic: '/errore',
  noCustomers: '/errore/in-attesa-di-conferma',
  maintenance: '/errore/server-in-manutenzione',
  offline: '/errore/offline',
  notFound: '/errore/pagina-non-trovata',
} as const;
