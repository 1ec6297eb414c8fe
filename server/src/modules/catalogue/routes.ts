// Catalogue routes (SPEC §7, the `erpServices` calls): the catalogue with states, activating a service,
// maintenance contracts and their documents, and the brand's offers for the logged-out offers page.
import type { FastifyInstance } from 'fastify';
import { erpServices } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { CatalogueService } from './service.js';

export default function catalogueRoutes(app: FastifyInstance, catalogue: CatalogueService) {
  route(app, erpServices.listServices, async ({ user, session, query }) => ({
    services: await catalogue.list(user, session.company, query.customerKey),
  }));

  route(app, erpServices.listOffers, ({ query }) => catalogue.offers(query.company));

  route(app, erpServices.requestServiceActivation, ({ user, session, body }) =>
    catalogue.activate(user, session.company, body, new Date()),
  );

  route(app, erpServices.listMaintenanceContracts, ({ user, query }) => catalogue.maintenance(user, query));

  // The PDF's base64 is the server's own (drawn here): written without a schema pass.
  route(
    app,
    erpServices.getMaintenanceDocument,
    ({ params }) => catalogue.maintenanceDocument(params.id, new Date()),
    { serializer: 'stringify' },
  );
}
