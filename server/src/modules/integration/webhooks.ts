// Webhooks (ADR 036): a client's brand's events POSTed to its URL in order, one event a request, signed
// `Sportello-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the webhook's
// secret>` (Node's crypto, no home-made crypto). The position moves on a 2xx only; anything else fails
// the job, which the jobs queue retries with backoff, from the same event: delivered at least once, in
// order; a receiver drops a repeat by `Sportello-Event-Id`.
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { integrationWebhooks } from '@sportello/db/schema';
import { failedJobs, retryFailed } from '../../jobs/queue.js';
import { positionCommitted, readFeed, WEBHOOK_JOB } from '../../platform/events/outbox.js';
import { DEVELOPMENT_SECRETS_KEY, type SecretsKey } from '../../platform/secrets/secret-box.js';
import { createWebhookSecrets } from './webhook-secrets.js';

export const SIGNATURE_HEADER = 'sportello-signature';
const PAGE = 50;
const TIMEOUT_MS = 10_000;

/** The signature header's value for a body sent at `now`. */
export function signWebhook(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** https, or http to this machine (development and tests). */
export function acceptableUrl(value: string): boolean {
  try {
    const url = new URL(value);
    const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
    return url.protocol === 'https:' || (url.protocol === 'http:' && local);
  } catch {
    return false;
  }
}

/** `secretsKeys` (config's SECRETS_KEYS) seal the webhooks' secrets where they rest (ADR 049). */
export function createWebhooks(db: Db, secretsKeys: readonly SecretsKey[] = [DEVELOPMENT_SECRETS_KEY]) {
  const secrets = createWebhookSecrets(db, secretsKeys);
  /** Posts one webhook's events after its position, in order; throws at the first one not taken. */
  async function deliverTo(hook: typeof integrationWebhooks.$inferSelect): Promise<number> {
    let position = hook.position;
    let delivered = 0;
    for (;;) {
      const page = await readFeed(db, hook.companyCode, position, PAGE);
      for (const event of page.events) {
        const body = JSON.stringify(event);
        const res = await fetch(hook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'sportello-event-id': event.cursor,
            [SIGNATURE_HEADER]: signWebhook(secrets.open(hook.secret), body, new Date()),
          },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (res.status < 200 || res.status >= 300)
          throw new Error(`answered ${res.status} to event ${event.cursor}`);
        const next = Number(event.cursor);
        await db
          .update(integrationWebhooks)
          .set({ position: next })
          .where(and(eq(integrationWebhooks.id, hook.id), eq(integrationWebhooks.position, position)));
        position = next;
        delivered += 1;
      }
      if (!page.more) return delivered;
    }
  }

  return {
    /** A new webhook gets what happens from now on; what happened before is in the feed. */
    async add(clientId: string, brand: string, url: string) {
      const secret = `whs_${randomBytes(32).toString('base64url')}`;
      const position = await positionCommitted(db);
      const [row] = await db
        .insert(integrationWebhooks)
        .values({ clientId, companyCode: brand, url, secret: secrets.seal(secret), position })
        .returning({ id: integrationWebhooks.id });
      return { id: row!.id, secret };
    },

    /** Seals the secrets still in clear or under an older key (the start of a process, ADR 049). */
    sealStoredSecrets: secrets.sealStored,

    /**
     * The dead-letter list (ADR 040): deliveries given up after the jobs queue's last attempt. Nothing
     * is skipped meanwhile: the webhook's position stays at the event it could not deliver.
     */
    async deadLetters() {
      const failed = await failedJobs(db, WEBHOOK_JOB);
      return failed.map((job) => ({
        id: job.id,
        brand: String((job.payload as { brand?: unknown }).brand),
        attempts: job.attempts,
        lastError: job.lastError,
        failedAt: job.failedAt,
      }));
    },

    /** Queues dead letters again (these ids, or all): delivery resumes at each webhook's position, in order. */
    replay: (ids: readonly number[] | 'all', now: Date) => retryFailed(db, WEBHOOK_JOB, ids, now),

    /**
     * Delivers every brand webhook's events after its position. Each webhook stops at its first
     * refused event; one that fails does not hold the others back. Throws when any failed, so the
     * jobs queue retries (the others then find nothing new).
     */
    async deliver(brand: string): Promise<{ delivered: number }> {
      const hooks = await db
        .select()
        .from(integrationWebhooks)
        .where(eq(integrationWebhooks.companyCode, brand));
      let delivered = 0;
      const failures: string[] = [];
      for (const hook of hooks) {
        try {
          delivered += await deliverTo(hook);
        } catch (err) {
          failures.push(`webhook ${hook.id}: ${(err as Error).message}`);
        }
      }
      if (failures.length > 0) throw new Error(failures.join('; '));
      return { delivered };
    },
  };
}
