// Price-change routes (ADR 035): the notices still to apply of a customer (the dashboard) and of a
// supply (the supply page). Announcing one is the back office's, not a route.
import type { FastifyInstance } from 'fastify';
import { erpPriceChanges } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { PriceChangesService } from './service.js';

export default function priceChangeRoutes(app: FastifyInstance, priceChanges: PriceChangesService) {
  route(app, erpPriceChanges.listPriceChanges, ({ user, query }) =>
    priceChanges.list(user, query.customerKey, new Date()),
  );
  route(app, erpPriceChanges.listSupplyPriceChanges, ({ params }) =>
    priceChanges.listOfSupply(params.id, new Date()),
  );
}
