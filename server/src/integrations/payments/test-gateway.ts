// The local default gateway: a real hosted payment page served by this server, with documented
// test cards, that charges each checkout at most once and notifies the portal with an HMAC-signed
// event, as a PSP would. It keeps its checkouts in its own table (test_gateway_checkouts).
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { testGatewayCheckouts } from '../../db/schema/index.js';
import {
  SIGNATURE_HEADER,
  isSignatureValid,
  signBody,
  type Checkout,
  type CheckoutRequest,
  type GatewayEvent,
  type GatewayOutcome,
  type PaymentGateway,
} from './gateway.js';

export const TEST_GATEWAY_ID = 1;
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

const RETRY_DELAYS_MS = [0, 500, 2_000, 5_000];

export function createTestGateway(db: Db, secret: string) {
  const newId = () => `chk_${randomBytes(12).toString('hex')}`;

  const gateway: PaymentGateway = {
    id: TEST_GATEWAY_ID,

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

    verifyNotification(rawBody, headers): GatewayEvent | null {
      const signature = headers[SIGNATURE_HEADER];
      if (!isSignatureValid(rawBody, typeof signature === 'string' ? signature : undefined, secret))
        return null;
      const event = JSON.parse(rawBody) as Partial<GatewayEvent>;
      const outcomes: GatewayOutcome[] = ['succeeded', 'refused', 'cancelled'];
      if (
        typeof event.eventId !== 'string' ||
        typeof event.reference !== 'string' ||
        typeof event.amountCents !== 'number' ||
        !outcomes.includes(event.outcome as GatewayOutcome)
      ) {
        return null;
      }
      return event as GatewayEvent;
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

    /** Sends the outcome to the portal, retrying with backoff; marks the checkout notified. */
    async notify(row: CheckoutRow, deliver: Deliver): Promise<boolean> {
      if (!row.eventId || row.status === 'open') return false;
      const { rawBody, headers } = notification(row, row.status as GatewayOutcome, row.eventId);
      for (const delay of RETRY_DELAYS_MS) {
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        if (await deliver(rawBody, headers).catch(() => false)) {
          await db
            .update(testGatewayCheckouts)
            .set({ notifiedAt: new Date() })
            .where(eq(testGatewayCheckouts.id, row.id));
          return true;
        }
      }
      return false;
    },

    /** For tests and tools: the signed notification of a settled checkout, to replay or reorder. */
    notification,
  };
}

export type TestGateway = ReturnType<typeof createTestGateway>;
