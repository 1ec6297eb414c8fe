// The metering module's service, made of its use cases: readings, windows and their announcement
// (readings.ts), sending a self-reading with its photo (self-reading.ts), consumption
// (consumption.ts), PUN prices (prices.ts), the alerts a customer asks for (alerts.ts), and the ERP's readings,
// curves and prices (erp-readings.ts, erp-curves.ts). The supply they start from: supply-lookup.ts.
import { dayIntervals, saveCurveFromErp, savePricesFromErp } from './erp-curves.js';
import { judgeSelfReading, saveReadingFromErp, saveReadingWindowFromErp } from './erp-readings.js';
import type { DocumentsService } from '../documents/service.js';
import { createAlerts } from './alerts.js';
import type { AlertsRepository } from './alerts-repository.js';
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
  alerts: AlertsRepository;
  notifications: NotificationsService;
  documents: DocumentsService;
  /** Days without consumption data before the customer is alerted (METER_SILENCE_DAYS). */
  silenceDays: number;
}) {
  const findSupply = createSupplyLookup(deps);
  const useCases = { ...deps, findSupply };
  return {
    ...createReadings(useCases),
    ...createSelfReading(useCases),
    ...createConsumption(useCases),
    ...createPrices(deps.consumption),
    ...createAlerts(deps),
    // The ERP's readings (integration module, ADR 040): written in the caller's transaction.
    saveReadingFromErp,
    saveReadingWindowFromErp,
    judgeSelfReading,
    dayIntervals,
    saveCurveFromErp,
    savePricesFromErp,
  };
}

export type MeteringService = ReturnType<typeof createMeteringService>;
