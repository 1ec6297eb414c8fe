// The background side of one server process: the senders (outbox by default, SMTP and FCM when
// configured) and the worker that runs due jobs with them and with the modules' own job kinds.
// Platform code: what it needs of the modules, they hand it (it imports none).
import type { Config } from '../config.js';
import type { Db } from '@sportello/db/client';
import { createMailSender } from '../integrations/mail/index.js';
import { createOutbox } from '../integrations/outbox.js';
import { createPushSender } from '../integrations/push/index.js';
import { createSmsSender } from '../integrations/sms/index.js';
import { createDeliveryHandlers } from './deliveries.js';
import { createJobQueue, JOB_LEASE_MS } from './queue.js';
import { createWorker, type JobHandler } from './worker.js';

/** What the modules give the runtime: their own job kinds, and how to forget a device that the push
 * service no longer knows (the devices module's). */
export interface FromModules {
  handlers?: Record<string, JobHandler>;
  forgetDevice: (deviceId: number) => Promise<void>;
}

export function createJobsRuntime(db: Db, config: Config, { handlers = {}, forgetDevice }: FromModules) {
  const outbox = createOutbox(db);
  const mail = createMailSender(config, outbox);
  const worker = createWorker({
    queue: createJobQueue(db, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS }),
    handlers: {
      ...handlers,
      ...createDeliveryHandlers({
        mail,
        push: createPushSender(config, outbox),
        sms: createSmsSender(outbox),
        forgetDevice,
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
