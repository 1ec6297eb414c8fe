// The local default gateway: a real hosted payment page served by this server, with documented
// test cards, that charges each checkout at most once and notifies the portal with an HMAC-signed
// event, as a PSP would. It keeps its checkouts in its own table (test_gateway_checkouts); each
// notification is a job of the jobs queue (ADR 014), so a failed delivery is retried with backoff,
// survives a restart, and is given up after the queue's last attempt.
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { testGatewayCheckouts } from '@sportello/db/schema';
import type { JobQueue } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/worker.js';
import {
  SIGNATURE_HEADER,
  isSignatureValid,
  signBody,
  type Checkout,
  type CheckoutRequest,
  type GatewayEvent,
  type GatewayOutcome,
  type NotificationCheck,
  type PaymentGateway,
} from './gateway.js';

export const TEST_CHECKOUT_PATH = '/gateway/test/checkout';

/** Test cards (README): any future expiry and any 3-digit CVC. */
export const TEST_CARDS = {
  '4242424242424242': 'succeeded',
  '4000000000000002': 'refused',
  /** Accepted, but the gateway never notifies: the payment stays pending. */
  '4000000000000259': 'silent',
} as const;

export type CheckoutRow = typeof testGatewayCheckouts.$inferSelect;

/** Delivers a signed notification to the portal; true when the portal took it (2xx). */
export type Deliver = (rawBody: string, headers: Record<string, string>) => Promise<boolean>;

/** The job kind of one notification delivery; its key is the event id, so an event is queued once. */
export const NOTIFICATION_JOB = 'test-gateway-notification';

/** `id` is 1 when the test gateway is the configured one, 2 beside a real gateway (SPEC §9, ADR 021). */
export function createTestGateway(db: Db, secret: string, jobs: JobQueue, id = 1) {
  const newId = () => `chk_${randomBytes(12).toString('hex')}`;

  const gateway: PaymentGateway = {
    id,

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const id = newId();
      await db.insert(testGatewayCheckouts).values({
        id,
        paymentKey: request.paymentKey,
        amountCents: request.amountCents,
        description: request.description,
        okUrl: request.okUrl,
        koUrl: request.koUrl,
        status: 'open',
        expiresAt: request.expiresAt,
      });
      return { reference: id, redirectUrl: `${TEST_CHECKOUT_PATH}/${id}` };
    },

    verifyNotification(rawBody, headers): NotificationCheck {
      const signature = headers[SIGNATURE_HEADER];
      if (!isSignatureValid(rawBody, typeof signature === 'string' ? signature : undefined, secret))
        return { kind: 'forged' };
      let event: Partial<GatewayEvent> | null;
      try {
        event = JSON.parse(rawBody) as Partial<GatewayEvent> | null;
      } catch {
        return { kind: 'malformed' };
      }
      const outcomes: GatewayOutcome[] = ['succeeded', 'refused', 'cancelled'];
      if (
        typeof event !== 'object' ||
        event === null ||
        typeof event.eventId !== 'string' ||
        typeof event.reference !== 'string' ||
        typeof event.amountCents !== 'number' ||
        !outcomes.includes(event.outcome as GatewayOutcome)
      ) {
        return { kind: 'malformed' };
      }
      return { kind: 'event', event: event as GatewayEvent };
    },
  };

  /** The signed notification a checkout's outcome produces. */
  function notification(row: CheckoutRow, outcome: GatewayOutcome, eventId: string) {
    const rawBody = JSON.stringify({ eventId, reference: row.id, outcome, amountCents: row.amountCents });
    return {
      rawBody,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(rawBody, secret) },
    };
  }

  return {
    gateway,

    async find(id: string): Promise<CheckoutRow | undefined> {
      const [row] = await db.select().from(testGatewayCheckouts).where(eq(testGatewayCheckouts.id, id));
      return row;
    },

    /**
     * Settles an open, unexpired checkout once: the conditional update is the charge, so a double
     * submit or two tabs cannot charge twice. Answers the settled row, or undefined if it was not open.
     */
    async settle(id: string, outcome: GatewayOutcome | 'silent', card: string | null, now: Date) {
      const [row] = await db
        .update(testGatewayCheckouts)
        .set({
          status: outcome === 'silent' ? 'succeeded' : outcome,
          eventId: `evt_${randomBytes(12).toString('hex')}`,
          cardLast4: card ? card.slice(-4) : null,
        })
        .where(
          and(
            eq(testGatewayCheckouts.id, id),
            eq(testGatewayCheckouts.status, 'open'),
            gt(testGatewayCheckouts.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** Queues the delivery of a settled checkout's outcome to the portal (once per event id). */
    async notify(row: CheckoutRow, now: Date): Promise<boolean> {
      if (!row.eventId || row.status === 'open') return false;
      return jobs.enqueue(
        NOTIFICATION_JOB,
        { checkoutId: row.id },
        `${NOTIFICATION_JOB}:${row.eventId}`,
        now,
      );
    },

    /**
     * The job that delivers one notification: the portal refusing or not answering throws, so the
     * queue retries with backoff. A delivered checkout is marked notified.
     */
    notificationHandlers(deliver: Deliver): Record<string, JobHandler> {
      return {
        [NOTIFICATION_JOB]: async (job) => {
          const { checkoutId } = job.payload as { checkoutId: string };
          const [row] = await db
            .select()
            .from(testGatewayCheckouts)
            .where(eq(testGatewayCheckouts.id, checkoutId));
          if (!row?.eventId || row.status === 'open') return { skipped: true };
          const { rawBody, headers } = notification(row, row.status as GatewayOutcome, row.eventId);
          if (!(await deliver(rawBody, headers))) throw new Error('the portal did not take the notification');
          await db
            .update(testGatewayCheckouts)
            .set({ notifiedAt: new Date() })
            .where(eq(testGatewayCheckouts.id, row.id));
          return { delivered: row.eventId };
        },
      };
    },

    /** For tests and tools: the signed notification of a settled checkout, to replay or reorder. */
    notification,
  };
}

export type TestGateway = ReturnType<typeof createTestGateway>;
