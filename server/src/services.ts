// Wires repositories and services once per app instance; route plugins receive this object.
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { createAddressRepository } from './modules/address/repository.js';
import { createAddressService } from './modules/address/service.js';
import { createRateLimiter } from './modules/auth/rate-limiter.js';
import { createContractsRepository } from './modules/contracts/repository.js';
import { createContractsService } from './modules/contracts/service.js';
import { createCustomersRepository } from './modules/customers/repository.js';
import { createCustomersService } from './modules/customers/service.js';
import { createDocumentsRepository } from './modules/documents/repository.js';
import { createDocumentsService } from './modules/documents/service.js';
import { createTestGateway } from './integrations/payments/test-gateway.js';
import { createPaymentsRepository } from './modules/payments/repository.js';
import { createPaymentsService } from './modules/payments/service.js';
import { createInvoicesRepository } from './modules/invoices/repository.js';
import { createInvoicesService } from './modules/invoices/service.js';
import { createMessagesRepository } from './modules/messages/repository.js';
import { createMessagesService } from './modules/messages/service.js';
import { createRequestsRepository } from './modules/requests/repository.js';
import { createRequestsService } from './modules/requests/service.js';
import { createSessionStore } from './modules/sessions/session-store.js';
import { createSessionsService } from './modules/sessions/service.js';
import { createSuppliesRepository } from './modules/supplies/repository.js';
import { createSuppliesService } from './modules/supplies/service.js';
import { createUsersService } from './modules/users/service.js';

export function createServices(db: Db, config: Config) {
  const store = createSessionStore(db, {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  });
  const customers = createCustomersService(createCustomersRepository(db));
  const users = createUsersService(db, customers);
  const sessions = createSessionsService({
    db,
    store,
    users,
    rateLimiter: createRateLimiter(db),
    limits: {
      perUsername: config.LOGIN_MAX_ATTEMPTS_PER_USERNAME,
      perAddress: config.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
      windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
    },
  });
  const address = createAddressService(createAddressRepository(db));
  const contracts = createContractsService(createContractsRepository(db), customers);
  const supplies = createSuppliesService(createSuppliesRepository(db), customers);
  const invoicesRepository = createInvoicesRepository(db);
  const invoices = createInvoicesService(invoicesRepository, customers);
  // The local test gateway is gateway 1 (SPEC §9 default); a real PSP adapter joins this map.
  const testGateway = createTestGateway(db, config.PAYMENT_WEBHOOK_SECRET);
  const payments = createPaymentsService({
    db,
    repository: createPaymentsRepository(db),
    invoices: invoicesRepository,
    customers,
    gateways: new Map([[testGateway.gateway.id, testGateway.gateway]]),
    checkoutMs: config.PAYMENT_CHECKOUT_MINUTES * 60_000,
  });
  const requests = createRequestsService({
    db,
    repository: createRequestsRepository(db),
    customers,
    contracts,
    address,
    invoices,
  });
  const documents = createDocumentsService(createDocumentsRepository(db), customers, invoices);
  const messages = createMessagesService(createMessagesRepository(db), customers);
  return {
    db,
    store,
    customers,
    users,
    sessions,
    address,
    contracts,
    supplies,
    requests,
    invoices,
    documents,
    payments,
    testGateway,
    messages,
  };
}

export type Services = ReturnType<typeof createServices>;
