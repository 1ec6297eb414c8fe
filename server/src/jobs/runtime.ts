// The background side of one server process: the senders (outbox by default, SMTP and FCM when
// configured) and the worker that runs due jobs with them, with the modules' own job kinds and with
// the recurring jobs it schedules (scheduler.ts).
// Platform code: what it needs of the modules, they hand it (it imports none).
import type { Config } from '../config.js';
import type { Db } from '@sportello/db/client';
import { createMailSender } from '../integrations/mail/index.js';
import { createOutbox } from '../integrations/outbox.js';
import { createPushSender } from '../integrations/push/index.js';
import { createSmsSender } from '../integrations/sms/index.js';
import { WEBHOOK_JOB } from '../platform/events/outbox.js';
import { createDeliveryHandlers } from './deliveries.js';
import { createJobQueue, JOB_LEASE_MS } from './queue.js';
import { createScheduler, type RecurringJob } from './scheduler.js';
import { createWorker, type JobHandler } from './worker.js';

/** What the modules give the runtime: their own job kinds, their recurring jobs (and the platform's),
 * and how to forget a device that the push service no longer knows (the devices module's). */
export interface FromModules {
  handlers?: Record<string, JobHandler>;
  recurring?: readonly RecurringJob[];
  forgetDevice: (deviceId: number) => Promise<void>;
}

/**
 * Webhook deliveries wait on receivers the supplier runs, not us: they have a lane of their own, a few
 * side by side, so a receiver that never answers holds neither a mail, an SMS, a one-time code nor
 * the other webhooks (ADR 048).
 */
const WEBHOOK_LANE = { kinds: [WEBHOOK_JOB], concurrency: 4 } as const;

export function createJobsRuntime(
  db: Db,
  config: Config,
  { handlers = {}, recurring = [], forgetDevice }: FromModules,
) {
  const outbox = createOutbox(db);
  const mail = createMailSender(config, outbox);
  const queueOptions = { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS };
  const queue = createJobQueue(db, { ...queueOptions, kinds: { except: WEBHOOK_LANE.kinds } });
  const scheduler = createScheduler(queue, recurring);
  const allHandlers = {
    ...handlers,
    ...scheduler.handlers,
    ...createDeliveryHandlers({
      mail,
      push: createPushSender(config, outbox),
      sms: createSmsSender(outbox),
      forgetDevice,
    }),
  };
  const worker = createWorker({ queue, handlers: allHandlers, scheduler });
  const webhooks = createWorker({
    queue: createJobQueue(db, { ...queueOptions, kinds: { only: WEBHOOK_LANE.kinds } }),
    handlers: allHandlers,
    batchSize: WEBHOOK_LANE.concurrency,
    concurrency: WEBHOOK_LANE.concurrency,
  });
  return {
    outbox,
    /** Mail, push, SMS, the modules' jobs and the recurring ones. */
    worker,
    /** Webhook deliveries. */
    webhooks,
    start(pollMs: number) {
      worker.start(pollMs);
      webhooks.start(pollMs);
    },
    async close() {
      await Promise.all([worker.stop(), webhooks.stop()]);
      mail.close?.();
    },
  };
}
