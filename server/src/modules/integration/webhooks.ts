// Webhooks (ADR 036, 048): a client's brand's events POSTed to its URL in order, one event a request,
// signed `Sportello-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the webhook's
// secret>` (Node's crypto, no home-made crypto), with the event's id in `Sportello-Event-Id` (the
// same on every attempt: receivers drop a repeat by it). The position moves on a 2xx only; anything
// else (a redirect too: none is followed) fails the job, which the jobs queue retries with backoff,
// from the same event. One delivery at a time per webhook, under a lease renewed after each event;
// only to addresses outside ours (webhook-address.ts); nothing once the client is disabled.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { integrationClients, integrationWebhooks } from '@sportello/db/schema';
import { enqueueIn, failedJobs, retryFailed } from '../../jobs/queue.js';
import { DeferJob } from '../../jobs/worker.js';
import { positionCommitted, readFeed, WEBHOOK_JOB } from '../../platform/events/outbox.js';
import { eventForScopes } from './event-masking.js';
import { DEVELOPMENT_SECRETS_KEY, type SecretsKey } from '../../platform/secrets/secret-box.js';
import {
  resolveWebhookTarget,
  WebhookAddressError,
  type AddressPolicy,
  type WebhookTarget,
} from './webhook-address.js';
import { createWebhookSecrets } from './webhook-secrets.js';

export const SIGNATURE_HEADER = 'sportello-signature';
export const EVENT_ID_HEADER = 'sportello-event-id';
const PAGE = 50;
/** One request's cap: a receiver that does not answer within it has failed this attempt. */
const REQUEST_TIMEOUT_MS = 10_000;
/** A job's cap: past it, the job stops after the event in hand and the rest follows in a new run. */
const JOB_BUDGET_MS = 30_000;
/** How long a delivery holds its webhook without renewing (renewed after each event). */
const WEBHOOK_LEASE_MS = 60_000;
/** When a busy webhook's job is tried again. */
const BUSY_RETRY_MS = 1_000;

/** Where deliveries may go, and the keys (config's SECRETS_KEYS) that seal the secrets where they rest (ADR 049). */
export type WebhookOptions = AddressPolicy & { secretsKeys?: readonly SecretsKey[] };

/** Why a ping was not answered, as the integration API says it. */
const PING_FAILURES = {
  webhook_url_refused: "L'indirizzo del webhook non è accettato: serve https.",
  webhook_host_unresolved: "Il nome dell'host del webhook non si risolve in nessun indirizzo.",
  webhook_address_inside:
    "L'host del webhook è un indirizzo interno (loopback, privato, link-local o riservato): non viene contattato.",
  webhook_no_answer: 'Il ricevitore del webhook non ha risposto in tempo o ha chiuso la connessione.',
} as const;

/** The signature header's value for a body sent at `now`. */
function signWebhook(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/**
 * POSTs to the address checked, never to a second lookup of the name; the URL's host goes in the
 * Host header and, for https, in the TLS server name the certificate is checked against. Answers the
 * status; a redirect is a status like any other (not followed).
 */
function post(target: WebhookTarget, headers: Record<string, string>, body: string): Promise<number> {
  const { url } = target;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        host: target.address,
        family: target.family,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
        ...(isIP(url.hostname) ? {} : { servername: url.hostname }),
        agent: false,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
      (res) => {
        res.on('error', reject);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.resume();
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const signedHeaders = (secret: string, eventId: string, body: string) => ({
  'content-type': 'application/json',
  [EVENT_ID_HEADER]: eventId,
  [SIGNATURE_HEADER]: signWebhook(secret, body, new Date()),
});

/** A webhook with what its client may receive. */
const hookWithClient = (db: Db) =>
  db
    .select({
      hook: integrationWebhooks,
      scopes: integrationClients.scopes,
      brands: integrationClients.brands,
      disabledAt: integrationClients.disabledAt,
    })
    .from(integrationWebhooks)
    .innerJoin(integrationClients, eq(integrationClients.id, integrationWebhooks.clientId));

type HookWithClient = Awaited<ReturnType<ReturnType<typeof hookWithClient>['where']>>[number];

/** Why a webhook receives nothing now, or null when it does. */
function notReceiving(row: HookWithClient): string | null {
  if (row.hook.pausedAt) return 'paused';
  if (row.disabledAt) return 'client disabled';
  if (!row.scopes.includes('events:read') || !row.brands.includes(row.hook.companyCode))
    return 'client no longer reads the brand';
  return null;
}

export function createWebhooks(db: Db, policy: WebhookOptions) {
  const secrets = createWebhookSecrets(db, policy.secretsKeys ?? [DEVELOPMENT_SECRETS_KEY]);
  /** Takes the webhook's lease for `holder`, unless another delivery holds it; answers the position. */
  async function lease(id: number, holder: string, now: Date): Promise<number | null> {
    const [row] = await db
      .update(integrationWebhooks)
      .set({ leasedBy: holder, leaseUntil: new Date(now.getTime() + WEBHOOK_LEASE_MS) })
      .where(
        and(
          eq(integrationWebhooks.id, id),
          or(isNull(integrationWebhooks.leaseUntil), lte(integrationWebhooks.leaseUntil, now)),
        ),
      )
      .returning({ position: integrationWebhooks.position });
    return row ? row.position : null;
  }

  /** Moves the position past a delivered event and renews the lease; false when the lease was lost. */
  async function advance(id: number, holder: string, from: number, to: number): Promise<boolean> {
    const rows = await db
      .update(integrationWebhooks)
      .set({ position: to, leaseUntil: new Date(Date.now() + WEBHOOK_LEASE_MS) })
      .where(
        and(
          eq(integrationWebhooks.id, id),
          eq(integrationWebhooks.leasedBy, holder),
          eq(integrationWebhooks.position, from),
        ),
      )
      .returning({ id: integrationWebhooks.id });
    return rows.length > 0;
  }

  const release = (id: number, holder: string) =>
    db
      .update(integrationWebhooks)
      .set({ leasedBy: null, leaseUntil: null })
      .where(and(eq(integrationWebhooks.id, id), eq(integrationWebhooks.leasedBy, holder)));

  /**
   * Posts one webhook's events after its position, in order, under its lease; throws at the first one
   * not taken. A webhook another delivery holds is tried again shortly (DeferJob), so an event
   * committed while it finished is not left behind.
   */
  async function deliverTo(row: HookWithClient): Promise<Record<string, unknown>> {
    const { hook } = row;
    const skipped = notReceiving(row);
    if (skipped) return { delivered: 0, skipped };
    const holder = randomUUID();
    const started = Date.now();
    let position = await lease(hook.id, holder, new Date());
    if (position === null) throw new DeferJob(BUSY_RETRY_MS);
    let delivered = 0;
    try {
      const target = await resolveWebhookTarget(hook.url, policy);
      for (;;) {
        const page = await readFeed(db, hook.companyCode, position, PAGE);
        for (const event of page.events) {
          if (Date.now() - started > JOB_BUDGET_MS) throw new DeferJob(0);
          const body = JSON.stringify(eventForScopes(event, row.scopes));
          const status = await post(
            target,
            signedHeaders(secrets.open(hook.secret), event.cursor, body),
            body,
          );
          if (status < 200 || status >= 300) throw new Error(`answered ${status} to event ${event.cursor}`);
          const next = Number(event.cursor);
          if (!(await advance(hook.id, holder, position, next)))
            return { delivered, stopped: 'lease lost to another delivery' };
          position = next;
          delivered += 1;
        }
        if (!page.more) return { delivered };
      }
    } finally {
      await release(hook.id, holder);
    }
  }

  return {
    /**
     * A new webhook gets what happens from now on; what happened before is in the feed. The URL's
     * host must resolve outside our addresses now, and does again at every delivery.
     */
    async add(clientId: string, brand: string, url: string) {
      await resolveWebhookTarget(url, policy);
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

    /** Every webhook with its client and whether it receives. */
    async list() {
      const rows = await hookWithClient(db).orderBy(asc(integrationWebhooks.id));
      return rows.map((row) => ({
        id: row.hook.id,
        clientId: row.hook.clientId,
        brand: row.hook.companyCode,
        url: row.hook.url,
        position: row.hook.position,
        state: notReceiving(row) ?? 'active',
      }));
    },

    /** Deletes a webhook; its queued deliveries then find nothing to do. Answers whether it existed. */
    async remove(id: number) {
      const rows = await db
        .delete(integrationWebhooks)
        .where(eq(integrationWebhooks.id, id))
        .returning({ id: integrationWebhooks.id });
      return rows.length > 0;
    },

    /** Nothing delivered until resumed; events wait at the webhook's position. */
    async pause(id: number, now: Date) {
      const rows = await db
        .update(integrationWebhooks)
        .set({ pausedAt: now })
        .where(eq(integrationWebhooks.id, id))
        .returning({ id: integrationWebhooks.id });
      return rows.length > 0;
    },

    /** Delivers again, from the position it paused at (a delivery is queued at once). */
    async resume(id: number, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(integrationWebhooks)
          .set({ pausedAt: null })
          .where(eq(integrationWebhooks.id, id))
          .returning({ brand: integrationWebhooks.companyCode });
        if (!row) return false;
        await enqueueIn(
          tx,
          WEBHOOK_JOB,
          { brand: row.brand, webhookId: id },
          `${WEBHOOK_JOB}:${id}:resumed:${now.getTime()}`,
          now,
        );
        return true;
      });
    },

    /**
     * A signed `ping` to each of the client's webhooks of the brand, now: what each answered (or why
     * it could not be sent), so a receiver can be checked before any event. Not an event: no position
     * moves, and its id (`ping_…`) is no cursor.
     */
    async ping(clientId: string, brand: string, now: Date) {
      const rows = await hookWithClient(db)
        .where(and(eq(integrationWebhooks.clientId, clientId), eq(integrationWebhooks.companyCode, brand)))
        .orderBy(asc(integrationWebhooks.id));
      return Promise.all(
        rows.map(async ({ hook }) => {
          const id = `ping_${randomBytes(12).toString('base64url')}`;
          const body = JSON.stringify({
            kind: 'ping',
            id,
            occurredAt: now.toISOString(),
            webhookId: hook.id,
          });
          const sent = { webhookId: hook.id, url: hook.url, eventId: id };
          try {
            const target = await resolveWebhookTarget(hook.url, policy);
            const status = await post(target, signedHeaders(secrets.open(hook.secret), id, body), body);
            return { ...sent, status, error: null };
          } catch (err) {
            const code = err instanceof WebhookAddressError ? err.code : 'webhook_no_answer';
            return { ...sent, status: null, error: { code, message: PING_FAILURES[code] } };
          }
        }),
      );
    },

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
     * A delivery job: its webhook's events after the position (a job queued before webhooks had a job
     * each names only the brand: then each of the brand's webhooks, one after another).
     */
    async deliver(payload: { brand?: unknown; webhookId?: unknown }): Promise<Record<string, unknown>> {
      const rows = await hookWithClient(db).where(
        typeof payload.webhookId === 'number'
          ? eq(integrationWebhooks.id, payload.webhookId)
          : eq(integrationWebhooks.companyCode, String(payload.brand)),
      );
      if (rows.length === 0) return { delivered: 0, skipped: 'no such webhook' };
      const results: Record<string, unknown>[] = [];
      for (const row of rows) results.push(await deliverTo(row));
      return rows.length === 1 ? results[0]! : { webhooks: results };
    },
  };
}
