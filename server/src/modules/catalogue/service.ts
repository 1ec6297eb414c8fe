// The catalogue module's service, made of its use cases: the catalogue and offers (catalogue.ts),
// activating a service (activation.ts), maintenance contracts and their PDF (maintenance.ts).
// Ownership is decided by the customers, contracts and supplies services; activations are recorded
// through the requests service, so they show in practices.
import type { Db } from '@sportello/db/client';
import type { ContractsService } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { RequestsService } from '../requests/service.js';
import type { SuppliesService } from '../supplies/service.js';
import { createActivation } from './activation.js';
import { createCatalogue } from './catalogue.js';
import { createMaintenance } from './maintenance.js';
import type { CatalogueRepository } from './repository.js';

export function createCatalogueService(deps: {
  db: Db;
  repository: CatalogueRepository;
  customers: CustomersService;
  contracts: ContractsService;
  supplies: SuppliesService;
  requests: RequestsService;
}) {
  return { ...createCatalogue(deps), ...createActivation(deps), ...createMaintenance(deps) };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
