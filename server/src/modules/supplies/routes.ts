// ERP supply routes (SPEC §7): supplies, offers and meter groups of reachable customers.
import { documentFileName } from '@sportello/domain';
import type { FastifyInstance } from 'fastify';
import { erpSupplies } from '@sportello/contract';
import { route } from '../../http/route.js';
import { drawPdf } from '../../integrations/pdf/pdf-renderer.js';
import type { SuppliesService } from './service.js';

export default function supplyRoutes(app: FastifyInstance, supplies: SuppliesService) {
  route(app, erpSupplies.listSupplies, ({ user, query }) => supplies.list(user, query));

  route(app, erpSupplies.getSupply, ({ params, query }) => supplies.get(params.id, query));

  route(app, erpSupplies.updateSupply, ({ body }) => supplies.setNickname(body.id, body.nickname));

  route(app, erpSupplies.getOffer, ({ params, query }) =>
    supplies.getOffer(params.id, query.useExtKey ?? false),
  );

  route(app, erpSupplies.getOfferDocument, async ({ params, query }) => {
    const offer = await supplies.getOffer(params.id, query.useExtKey ?? false);
    return {
      fileName: documentFileName(offer.name),
      contentType: 'application/pdf' as const,
      data: (await drawPdf('offer', offer, new Date())).toString('base64'),
    };
  });

  route(app, erpSupplies.describeMeterGroup, ({ query }) => supplies.describeMeterGroup(query.supplyKey));
}
