// ERP customer routes: the customers the session's user reaches.
import type { FastifyInstance } from 'fastify';
import { erpCustomers } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';

export default async function customerRoutes(app: FastifyInstance, { services }: { services: Services }) {
  route(app, erpCustomers.listCustomers, async ({ user }) => {
    const customers = await services.customers.list(user);
    return { count: customers.length, customers };
  });

  route(app, erpCustomers.getCustomer, ({ user, params }) =>
    services.customers.requireReachable(user, params.id),
  );
}
