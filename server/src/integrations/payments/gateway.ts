// The payment-gateway interface (ARCHITECTURE §9): open a hosted checkout for an amount, and turn
// the gateway's server-to-server notification into a verified event. Only that event, never the
// browser's return, records an outcome; the event id makes a replay harmless. ADR 016 says which
// Italian PSPs fit behind it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CheckoutRequest {
  paymentKey: string;
  amountCents: number;
  description: string;
  /** Where the browser goes back to (the portal's /invoice/{id}/payment_ok and payment_ko). */
  okUrl: string;
  koUrl: string;
  expiresAt: Date;
}

export interface Checkout {
  /** The gateway's reference of the checkout; notifications carry it back. */
  reference: string;
  /** The page the browser is sent to. */
  redirectUrl: string;
}

export type GatewayOutcome = 'succeeded' | 'refused' | 'cancelled';

export interface GatewayEvent {
  eventId: string;
  reference: string;
  outcome: GatewayOutcome;
  amountCents: number;
}

/** What a notification turned out to be once its signature was checked. */
export type NotificationCheck =
  /** Wrong, missing or stale signature: refused, nothing read. */
  | { kind: 'forged' }
  /** Signed, but not an event this gateway can read (not a JSON object, fields missing). */
  | { kind: 'malformed' }
  /** Signed and readable, but it decides no payment (another event type, a debit still processing). */
  | { kind: 'ignored' }
  /** Signed, but by the gateway's test mode, where no money moves: refused where only real money counts. */
  | { kind: 'testMode' }
  | { kind: 'event'; event: GatewayEvent };

export interface PaymentGateway {
  readonly id: number;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Verifies the signature on the raw body, then reads the event. */
  verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): NotificationCheck;
}

export const SIGNATURE_HEADER = 'x-sportello-signature';

/** HMAC-SHA256 of the raw body, hex. */
export function signBody(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export function isSignatureValid(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signBody(rawBody, secret), 'hex'), Buffer.from(signature, 'hex'));
}
