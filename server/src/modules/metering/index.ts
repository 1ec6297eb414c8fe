// The metering module: self-reading windows and self-readings, the readings archive, consumption
// by tariff band and the hourly reference price (PUN).
import { documentsModule } from '../documents/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { createAlertsRepository } from './alerts-repository.js';
import { createConsumptionRepository } from './consumption-repository.js';
import { createReadingsRepository } from './readings-repository.js';
import { createMeteringRepository } from './repository.js';
import meteringRoutes from './routes.js';
import { createMeteringService } from './service.js';

/** Windows open on a day; looking every quarter of an hour announces them on their first morning. */
const ANNOUNCE_EVERY_MS = 15 * 60_000;

export const meteringModule = defineModule({
  name: 'metering',
  purpose: 'readings and reading windows, sending a self-reading, consumption by band, PUN (ADR 017)',
  needs: { notifications: notificationsModule, documents: documentsModule },
  createService: ({ db, config }, needs) =>
    createMeteringService({
      repository: createMeteringRepository(db),
      readings: createReadingsRepository(db),
      consumption: createConsumptionRepository(db),
      alerts: createAlertsRepository(db),
      ...needs,
      silenceDays: config.METER_SILENCE_DAYS,
    }),
  routes: meteringRoutes,
  // A window opening, the day before it opens and a silent meter are each also claimed in SQL, once;
  // the silent meters are looked for once a day (alerts.ts).
  recurring: (metering) => [
    {
      kind: 'metering.reading-windows',
      everyMs: ANNOUNCE_EVERY_MS,
      run: async (now) => {
        await metering.announceOpeningWindows(now);
        await metering.remindWindowsOpeningTomorrow(now);
        await metering.alertSilentMeters(now);
      },
    },
  ],
});
