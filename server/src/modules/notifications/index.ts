// The notifications module: a user's notifications (read, confirmed, opened from a push) and
// notify(event), which other modules call to tell a customer's users about something.
import { createMailComposer } from '../../integrations/mail/compose.js';
import { createJobQueue, JOB_LEASE_MS } from '../../jobs/queue.js';
import { devicesModule } from '../devices/index.js';
import { linksModule } from '../links/index.js';
import { defineModule } from '../module.js';
import { settingsModule } from '../settings/index.js';
import { createNotificationsRepository } from './repository.js';
import notificationRoutes from './routes.js';
import { createNotificationsService, NOTIFY_JOB } from './service.js';

export const notificationsModule = defineModule({
  name: 'notifications',
  purpose: "a user's notifications and `notify(event)`, which queues mail, SMS and push jobs",
  needs: { links: linksModule, devices: devicesModule, settings: settingsModule },
  createService: ({ db, config }, { links, devices, settings }) =>
    createNotificationsService({
      db,
      repository: createNotificationsRepository(db),
      links,
      devices,
      settings,
      jobs: createJobQueue(db, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS }),
      mail: createMailComposer(db, config.PUBLIC_BASE_URL),
    }),
  routes: notificationRoutes,
  // A sweep's notice its own process could not send (service.ts, `queued`).
  jobs: (service) => ({ [NOTIFY_JOB]: (job) => service.queued.run(job) }),
});
