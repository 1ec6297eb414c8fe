// The metering module's service, made of its use cases: readings, windows and their announcement
// (readings.ts), sending a self-reading with its photo (self-reading.ts), consumption
// (consumption.ts) and PUN prices (prices.ts). The supply they start from: supply-lookup.ts.
import { dayIntervals, saveCurveFromErp, savePricesFromErp } from './erp-curves.js';
import { judgeSelfReading, saveReadingFromErp } from './erp-readings.js';
import type { DocumentsService } from '../documents/service.js';
import type { NotificationsService } from '../notifications/service.js';
import { createConsumption } from './consumption.js';
import type { ConsumptionRepository } from './consumption-repository.js';
import { createPrices } from './prices.js';
import { createSupplyLookup } from './supply-lookup.js';
import { createReadings } from './readings.js';
import type { ReadingsRepository } from './readings-repository.js';
import type { MeteringRepository } from './repository.js';
import { createSelfReading } from './self-reading.js';

export function createMeteringService(deps: {
  repository: MeteringRepository;
  readings: ReadingsRepository;
  consumption: ConsumptionRepository;
  notifications: NotificationsService;
  documents: DocumentsService;
  /** How often open windows are looked for and announced; 0 leaves it to the caller (tests). */
  announceEveryMs: number;
}) {
  const findSupply = createSupplyLookup(deps);
  const useCases = { ...deps, findSupply };
  return {
    announceEveryMs: deps.announceEveryMs,
    ...createReadings(useCases),
    ...createSelfReading(useCases),
    ...createConsumption(useCases),
    ...createPrices(deps.consumption),
    // The ERP's readings (integration module, ADR 040): written in the caller's transaction.
    saveReadingFromErp,
    judgeSelfReading,
    dayIntervals,
    saveCurveFromErp,
    savePricesFromErp,
  };
}

export type MeteringService = ReturnType<typeof createMeteringService>;
