// ERP customer routes: the customers the session's user reaches.
import type { FastifyInstance } from 'fastify';
import { erpCustomers } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { CustomersService } from './service.js';

export default function customerRoutes(app: FastifyInstance, customers: CustomersService) {
  route(app, erpCustomers.listCustomers, async ({ session }) => {
    const list = await customers.list(session.reached);
    return { count: list.length, customers: list };
  });

  route(app, erpCustomers.getCustomer, ({ user, params }) => customers.find(user, params.id));
}
