// The background side of one server process: the senders (outbox by default, SMTP and FCM when
// configured) and the worker that runs due jobs with them and with the modules' own job kinds.
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { createMailSender } from '../integrations/mail/index.js';
import { createOutbox } from '../integrations/outbox.js';
import { createPushSender } from '../integrations/push/index.js';
import { createSmsSender } from '../integrations/sms/index.js';
import { createDevicesRepository } from '../modules/devices/repository.js';
import { createDeliveryHandlers } from './deliveries.js';
import { createJobQueue, JOB_LEASE_MS } from './queue.js';
import { createWorker, type JobHandler } from './worker.js';

export function createJobsRuntime(db: Db, config: Config, moduleHandlers: Record<string, JobHandler> = {}) {
  const outbox = createOutbox(db);
  const mail = createMailSender(config, outbox);
  const worker = createWorker({
    queue: createJobQueue(db, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS }),
    handlers: {
      ...moduleHandlers,
      ...createDeliveryHandlers({
        mail,
        push: createPushSender(config, outbox),
        sms: createSmsSender(outbox),
        forgetDevice: createDevicesRepository(db).removeById,
      }),
    },
  });
  return {
    outbox,
    worker,
    async close() {
      await worker.stop();
      mail.close?.();
    },
  };
}
