// ERP contract routes (SPEC §7): the contracts of a reachable customer and one contract.
import type { FastifyInstance } from 'fastify';
import { erpSupplies } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { ContractsService } from './service.js';

export default function contractRoutes(app: FastifyInstance, contracts: ContractsService) {
  route(app, erpSupplies.listContracts, ({ user, query }) => contracts.list(user, query.customerKey, query));

  route(app, erpSupplies.getContract, ({ params }) => contracts.get(params.id));
}
