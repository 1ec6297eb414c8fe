// Services area routes (SPEC §7): the catalogue with states, activating a service, maintenance
// contracts and their documents, both write-us forms, and the brand's offers for the logged-out offers page.
import type { FastifyInstance } from 'fastify';
import { erpServices } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { ServicesService } from './service.js';

export default function serviceRoutes(app: FastifyInstance, services: ServicesService) {
  route(app, erpServices.listServices, async ({ user, session, query }) => ({
    services: await services.list(user, session.company, query.customerKey),
  }));

  route(app, erpServices.listOffers, ({ query }) => services.offers(query.company));

  route(app, erpServices.requestServiceActivation, ({ user, session, body }) =>
    services.activate(user, session.company, body, new Date()),
  );

  route(app, erpServices.listMaintenanceContracts, ({ user, query }) => services.maintenance(user, query));

  // The PDF's base64 is the server's own (drawn here): written without a schema pass.
  route(
    app,
    erpServices.getMaintenanceDocument,
    ({ params }) => services.maintenanceDocument(params.id, new Date()),
    { serializer: 'stringify' },
  );

  route(app, erpServices.requestGuestContact, ({ session, body, request }) =>
    services.guestContact(session.company, body, request.ip, new Date()),
  );

  route(app, erpServices.requestInformation, ({ user, session, body, request }) =>
    services.contact(user, session.company, body, request.ip, new Date()),
  );
}
