// The real gateway (ADR 021): Stripe Checkout through Stripe's own SDK. A payment opens a Checkout
// Session (amount in cents, EUR, our payment key as client_reference_id) and the customer is sent
// to the session's url; Stripe's webhook, verified by the SDK on the raw body, decides the outcome.
import Stripe from 'stripe';
import type { Checkout, CheckoutRequest, NotificationCheck, PaymentGateway } from './gateway.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls; unset means api.stripe.com (tests point it at a local server). */
  apiBase?: string | undefined;
  /** Checkout's payment methods (card, sepa_debit, …); empty lets the Stripe dashboard choose. */
  paymentMethods: readonly string[];
  /** The portal's address: Stripe needs absolute return URLs. */
  publicBaseUrl: string;
  /** Whether test-mode events (no money moved) may decide payments: outside production, or by explicit opt-in. */
  acceptTestMode: boolean;
}

/** Seconds a webhook's signed timestamp may be old (the SDK's default, against replays of old captures). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe refuses a session that expires sooner than this after its creation. */
const MIN_SESSION_MS = 30 * 60_000;

function sdkEndpoint(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  } as const;
}

export function createStripeGateway(id: number, settings: StripeSettings): PaymentGateway {
  const stripe = new Stripe(settings.secretKey, {
    ...sdkEndpoint(settings.apiBase),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  const absolute = (path: string) => new URL(path, settings.publicBaseUrl).toString();

  return {
    id,

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      // A few seconds of margin over Stripe's minimum; PAYMENT_CHECKOUT_MINUTES ≥ 30 with Stripe (config).
      const expiresAt = Math.max(request.expiresAt.getTime(), Date.now() + MIN_SESSION_MS + 60_000);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          ...(settings.paymentMethods.length > 0
            ? { payment_method_types: [...settings.paymentMethods] as never }
            : {}),
          success_url: absolute(request.okUrl),
          cancel_url: absolute(request.koUrl),
          expires_at: Math.floor(expiresAt / 1000),
          client_reference_id: request.paymentKey,
          metadata: { paymentKey: request.paymentKey },
          locale: 'it',
        },
        // A retried create (network error) must not open a second session for the same payment.
        { idempotencyKey: `checkout-${request.paymentKey}` },
      );
      if (!session.url) throw new Error(`Stripe answered session ${session.id} without a url`);
      return { reference: session.id, redirectUrl: session.url };
    },

    verifyNotification(rawBody, headers): NotificationCheck {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') return { kind: 'forged' };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (err) {
        // A wrong or stale signature; a signed body that is not JSON is malformed, not forged.
        return err instanceof Stripe.errors.StripeSignatureVerificationError
          ? { kind: 'forged' }
          : { kind: 'malformed' };
      }
      if (event && typeof event === 'object' && event.livemode === false && !settings.acceptTestMode)
        return { kind: 'testMode' };
      return readEvent(event);
    },
  };
}

/** The outcome a verified Stripe event decides, if any. */
function readEvent(event: Stripe.Event): NotificationCheck {
  if (!event || typeof event !== 'object' || typeof event.id !== 'string') return { kind: 'malformed' };
  const outcome = {
    // Cards and wallets are paid at completion; SEPA debit completes 'unpaid' and settles later.
    'checkout.session.completed': 'succeeded-if-paid',
    'checkout.session.async_payment_succeeded': 'succeeded',
    'checkout.session.async_payment_failed': 'refused',
    'checkout.session.expired': 'cancelled',
  }[event.type as string];
  if (!outcome) return { kind: 'ignored' };
  const session = (event.data as { object?: Partial<Stripe.Checkout.Session> } | undefined)?.object;
  if (!session || typeof session.id !== 'string' || typeof session.amount_total !== 'number')
    return { kind: 'malformed' };
  if (outcome === 'succeeded-if-paid' && session.payment_status === 'unpaid') return { kind: 'ignored' };
  return {
    kind: 'event',
    event: {
      eventId: event.id,
      reference: session.id,
      outcome:
        outcome === 'succeeded-if-paid' ? 'succeeded' : (outcome as 'succeeded' | 'refused' | 'cancelled'),
      // Only euros are charged; any other currency must not count as an amount in euro cents.
      amountCents: session.currency === 'eur' ? session.amount_total : -1,
    },
  };
}
