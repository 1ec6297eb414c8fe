// ERP customer calls of SPEC §7: the customers the session's user reaches, own or delegated.
import * as z from 'zod/mini';
import { defineCall, idParam } from '../call.js';
import { customerSchema } from '../models.js';

export const listCustomers = defineCall({
  name: 'listCustomers',
  method: 'GET',
  path: 'portalapi/Erp/v1/customers',
  access: 'user',
  reaches: 'nothing',
  summary: 'Customers the user reaches: own first, then delegated.',
  response: z.object({ count: z.int(), customers: z.array(customerSchema) }),
});

export const getCustomer = defineCall({
  name: 'getCustomer',
  method: 'GET',
  path: 'portalapi/Erp/v1/customers/:id',
  access: 'user',
  reaches: { params: { id: ['customer.id', 'customer.key'] } },
  summary: 'One customer the user reaches.',
  params: idParam,
  response: customerSchema,
});
