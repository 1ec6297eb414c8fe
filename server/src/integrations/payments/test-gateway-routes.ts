// The test gateway's hosted page: shows the checkout, takes the card form, settles the checkout
// once, redirects the browser back to the portal and, apart from that redirect, notifies the
// portal's notification endpoint with the signed event (a queued job, outside the request).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { closedPage, checkoutPage, type FormState } from './hosted-page.js';
import { TEST_CARDS, TEST_CHECKOUT_PATH, type TestGateway } from './test-gateway.js';

type Form = Partial<Record<'card' | 'expiry' | 'cvc' | 'action', string>>;

function validate(form: Form, now: Date): FormState['errors'] {
  const errors: NonNullable<FormState['errors']> = {};
  const card = (form.card ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(card)) errors.card = 'Inserisci un numero di carta valido.';
  const expiry = /^(\d{2})\/?(\d{2})$/.exec((form.expiry ?? '').trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!expiry || month < 1 || month > 12 || year * 12 + month < current) {
    errors.expiry = 'Inserisci una scadenza valida e non passata (MM/AA).';
  }
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) errors.cvc = 'Il CVC è di 3 o 4 cifre.';
  return Object.keys(errors).length > 0 ? errors : undefined;
}

export function testGatewayRoutes(gateway: TestGateway) {
  return async function routes(app: FastifyInstance) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

    app.get<{ Params: { id: string } }>(
      `${TEST_CHECKOUT_PATH}/:id`,
      { schema: { hide: true } },
      async (request, reply) => {
        const checkout = await gateway.find(request.params.id);
        if (!checkout) return html(reply, 404, closedPage('Pagamento non trovato.'));
        if (checkout.status !== 'open')
          return reply.redirect(checkout.status === 'succeeded' ? checkout.okUrl : checkout.koUrl, 303);
        if (checkout.expiresAt <= new Date())
          return html(reply, 410, closedPage('Il tempo per completare il pagamento è scaduto.'));
        return html(reply, 200, checkoutPage(checkout, request.url));
      },
    );

    app.post<{ Params: { id: string }; Body: Form }>(
      `${TEST_CHECKOUT_PATH}/:id`,
      { schema: { hide: true } },
      async (request, reply) => {
        const now = new Date();
        const checkout = await gateway.find(request.params.id);
        if (!checkout) return html(reply, 404, closedPage('Pagamento non trovato.'));
        const form = request.body ?? {};
        let settled;
        if (form.action === 'cancel') {
          settled = await gateway.settle(checkout.id, 'cancelled', null, now);
        } else {
          const errors = validate(form, now);
          if (errors)
            return html(
              reply,
              422,
              checkoutPage(checkout, request.url, { card: form.card, expiry: form.expiry, errors }),
            );
          const card = (form.card ?? '').replace(/[\s-]/g, '');
          const outcome = TEST_CARDS[card as keyof typeof TEST_CARDS] ?? 'refused';
          settled = await gateway.settle(checkout.id, outcome, card, now);
          if (settled && outcome === 'silent') return reply.redirect(settled.okUrl, 303);
        }
        // Not open any more: a second submit, another tab, or expired. Nothing is charged again.
        const final = settled ?? (await gateway.find(checkout.id));
        if (!final || final.status === 'open')
          return html(reply, 410, closedPage('Il tempo per completare il pagamento è scaduto.'));
        if (settled) await gateway.notify(settled, now);
        return reply.redirect(final.status === 'succeeded' ? final.okUrl : final.koUrl, 303);
      },
    );
  };
}
