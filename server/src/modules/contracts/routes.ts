// ERP contract routes (SPEC §7): the contracts of a reachable customer and one contract.
import type { FastifyInstance } from 'fastify';
import { erpSupplies } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';

export default async function contractRoutes(app: FastifyInstance, { services }: { services: Services }) {
  route(app, erpSupplies.listContracts, ({ user, query }) =>
    services.contracts.list(user, query.customerKey, query),
  );

  route(app, erpSupplies.getContract, ({ user, params }) => services.contracts.get(user, params.id));
}
