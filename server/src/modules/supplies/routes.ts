// ERP supply routes (SPEC §7): supplies, offers and meter groups of reachable customers.
import type { FastifyInstance } from 'fastify';
import { erpSupplies } from '@sportello/contract';
import { route, routeAsking } from '../../http/route.js';
import type { SuppliesService } from './service.js';
import { offerSheetPdf } from './offer-sheet.js';

export default function supplyRoutes(app: FastifyInstance, supplies: SuppliesService) {
  routeAsking(app, erpSupplies.listSupplies, ({ asker, query }) => supplies.list(asker, query));

  route(app, erpSupplies.getSupply, ({ user, params, query }) => supplies.get(user, params.id, query));

  route(app, erpSupplies.updateSupply, ({ user, body }) =>
    supplies.setNickname(user, body.id, body.nickname),
  );

  route(app, erpSupplies.getOffer, ({ user, params, query }) =>
    supplies.getOffer(user, params.id, query.useExtKey ?? false),
  );

  route(app, erpSupplies.getOfferDocument, async ({ user, params, query }) => {
    const offer = await supplies.getOffer(user, params.id, query.useExtKey ?? false);
    return {
      fileName: `offerta-${offer.key}.pdf`,
      contentType: 'application/pdf' as const,
      data: offerSheetPdf(offer).toString('base64'),
    };
  });

  route(app, erpSupplies.describeMeterGroup, ({ user, query }) =>
    supplies.describeMeterGroup(user, query.supplyKey),
  );
}
