// The demo seed's generated customers enter the way a supplier's do (one way data enters):
// through the integration module's initial load, its schemas and its bulk writer (ADR 046 item 11).
// The generator (@sportello/demo, loaded on demand) is handed this, as its `ErpIntake`; it never
// imports the server. Composition, beside the wiring: the seed's commands in db/ are platform code,
// which imports no module (ADR 028).
import type { Db } from '@sportello/db/client';
import type { Config } from './config.js';
import { integrationModule } from './modules/integration/index.js';
import { LOOKUP_KEYS } from './modules/integration/load-indexes.js';
import type { IntegrationService } from './modules/integration/service.js';
import { createServices } from './wiring.js';

export function erpIntake(db: Db, config: Config) {
  const service = createServices(db, config).serviceOf(integrationModule) as IntegrationService;
  return {
    lookupKeys: LOOKUP_KEYS,
    open: (brand: string, now: Date) => service.initialLoad.intake(brand, now),
  };
}
