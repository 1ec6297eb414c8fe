// The integration module's service (ADR 036): machine clients (clients.ts), loading customers
// (import-customers.ts) and bills (import-bills.ts), one by one or as an NDJSON batch (batch.ts).
import type { Db } from '@sportello/db/client';
import { readFeed } from '../../platform/events/outbox.js';
import type { TokenKeys } from '../../platform/machine/tokens.js';
import type { ContractsService } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { InvoicesService } from '../invoices/service.js';
import type { SettingsService } from '../settings/service.js';
import type { SuppliesService } from '../supplies/service.js';
import { loadBatch, loadOne } from './batch.js';
import { createClients } from './clients.js';
import { createBillImport } from './import-bills.js';
import { createCustomerImport } from './import-customers.js';
import type { IntegrationRepository } from './repository.js';
import { createWebhooks } from './webhooks.js';

export function createIntegrationService(deps: {
  db: Db;
  repository: IntegrationRepository;
  keys: TokenKeys;
  customers: CustomersService;
  contracts: ContractsService;
  supplies: SuppliesService;
  invoices: InvoicesService;
  settings: SettingsService;
}) {
  const importCustomer = createCustomerImport(deps);
  const importBill = createBillImport(deps);
  return {
    clients: createClients({
      repository: deps.repository,
      keys: deps.keys,
      brandExists: (code) => deps.settings.isKnownCompany(code),
    }),
    putCustomer: (brand: string, extKey: string, record: unknown, now: Date) =>
      loadOne(extKey, () => importCustomer(brand, extKey, record, now)),
    importCustomers: (brand: string, lines: readonly string[], now: Date) =>
      loadBatch(lines, (extKey, record) => importCustomer(brand, extKey, record, now)),
    putBill: (brand: string, extKey: string, record: unknown, now: Date) =>
      loadOne(extKey, () => importBill(brand, extKey, record, now)),
    importBills: (brand: string, lines: readonly string[], now: Date) =>
      loadBatch(lines, (extKey, record) => importBill(brand, extKey, record, now)),
    webhooks: createWebhooks(deps.db),
    /** The brand's customer actions after a cursor (platform/events/outbox.ts). */
    events: (brand: string, after: number, limit: number) => readFeed(deps.db, brand, after, limit),
  };
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;
