// A local stand-in for the part of Stripe's API the Stripe gateway calls (tests point the SDK at it
// with STRIPE_API_BASE): POST /v1/checkout/sessions, form-encoded, with the secret key as Bearer
// token, answering a Checkout Session object as documented (https://docs.stripe.com/api/checkout/sessions).
// It also builds the webhook events Stripe would send for a session, for the SDK's test signature.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  mode: string;
  /** false for a test key's sessions: no money moves (production refuses their events, ADR 021). */
  livemode: boolean;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });

export async function startLocalStripeApi(secretKey: string) {
  /** Every session created, with the form fields as the SDK sent them. */
  const sessions: { session: LocalSession; form: Record<string, string> }[] = [];

  const server = createServer(async (request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      response.end(JSON.stringify(body));
    };
    const body = await read(request);
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions')
      return answer(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    const form = Object.fromEntries(new URLSearchParams(body));
    const id = `cs_${secretKey.startsWith('sk_live_') ? 'live' : 'test'}_${randomBytes(12).toString('hex')}`;
    const session: LocalSession = {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total:
        Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]']),
      currency: form['line_items[0][price_data][currency]'] ?? '',
      client_reference_id: form.client_reference_id ?? null,
      metadata: form['metadata[paymentKey]'] ? { paymentKey: form['metadata[paymentKey]'] } : {},
      expires_at: Number(form.expires_at),
      success_url: form.success_url ?? '',
      cancel_url: form.cancel_url ?? '',
      mode: form.mode ?? '',
      livemode: secretKey.startsWith('sk_live_'),
    };
    sessions.push({ session, form });
    return answer(200, session);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The webhook event Stripe sends about a session, as raw JSON (what the signature covers). */
export function sessionEvent(
  type: string,
  session: LocalSession,
  changes: Partial<LocalSession> = {},
  eventId = `evt_${randomBytes(12).toString('hex')}`,
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: changes.livemode ?? session.livemode,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...session, ...changes } },
  });
}
