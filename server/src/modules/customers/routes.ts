// ERP customer routes: the customers the session's user reaches.
import type { FastifyInstance } from 'fastify';
import { erpCustomers } from '@sportello/contract';
import { route, routeAsking } from '../../http/route.js';
import type { CustomersService } from './service.js';

export default function customerRoutes(app: FastifyInstance, customers: CustomersService) {
  routeAsking(app, erpCustomers.listCustomers, async ({ asker }) => {
    const list = await customers.list(asker);
    return { count: list.length, customers: list };
  });

  route(app, erpCustomers.getCustomer, ({ user, params }) => customers.requireReachable(user, params.id));
}
