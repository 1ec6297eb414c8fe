// ERP payment routes (SPEC §7) and the gateways' notification endpoint. The notification is not a
// contract call: the gateway, not the app, calls it, authenticated by its HMAC signature over the
// raw body, so this route keeps the body as text.
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, erpPayments, PAGE_SIZE } from '@sportello/contract';
import { badRequest, notFound, unauthorized } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import { testGatewayRoutes } from '../../integrations/payments/test-gateway-routes.js';
import type { Deliver, TestGateway } from '../../integrations/payments/test-gateway.js';
import type { PaymentsService } from './service.js';

export const NOTIFICATION_PATH = `${API_PREFIX}/gateway/v1/notifications`;

export default async function paymentRoutes(
  app: FastifyInstance,
  {
    payments,
    testGateway,
    testGatewayInProduction,
  }: { payments: PaymentsService; testGateway: TestGateway | undefined; testGatewayInProduction: boolean },
) {
  if (testGatewayInProduction)
    app.log.error(
      'ALLOW_TEST_GATEWAY_IN_PRODUCTION: the test gateway is on in production; its test cards pay bills without money',
    );

  route(app, erpPayments.createPayment, ({ user, body }) => payments.create(user, body, new Date()));

  route(app, erpPayments.listPayments, ({ user, query }) =>
    payments.list(user, query.customerId, {
      skip: query.pagingSkip,
      take: query.pagingTake ?? PAGE_SIZE.default,
    }),
  );

  route(app, erpPayments.getPayment, ({ params }) => payments.get(params.id));

  route(app, erpPayments.modifyPayment, ({ body }) => payments.recordUserOutcome(body, new Date()));

  await app.register(async (notifications) => {
    notifications.removeContentTypeParser('application/json');
    notifications.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    notifications.post<{ Params: { gatewayId: string }; Body: string }>(
      `${NOTIFICATION_PATH}/:gatewayId`,
      { schema: { hide: true } },
      async (request) => {
        const gateway = payments.gateway(Number(request.params.gatewayId));
        if (!gateway) throw notFound();
        const check = gateway.verifyNotification(String(request.body ?? ''), request.headers);
        if (check.kind === 'forged') throw unauthorized('invalid_signature');
        if (check.kind === 'malformed') throw badRequest('invalid_notification');
        if (check.kind === 'testMode') {
          request.log.warn('a test-mode payment event reached production: refused, no bill marked paid');
          throw badRequest('invalid_notification');
        }
        // Acknowledged, so the gateway stops sending it; it changes no payment.
        if (check.kind === 'ignored') return { success: true, data: { applied: false } };
        return { success: true, data: await payments.applyEvent(gateway.id, check.event, new Date()) };
      },
    );
  });

  // Without the test gateway its checkout page does not exist: no test card can pay anything.
  if (testGateway) await app.register(testGatewayRoutes(testGateway));
}

/** Delivers a test-gateway notification to the real notification route, in process. */
export function deliverInProcess(app: FastifyInstance, gatewayId: number): Deliver {
  return async (payload, headers) => {
    const res = await app.inject({
      method: 'POST',
      url: `${NOTIFICATION_PATH}/${gatewayId}`,
      payload,
      headers,
    });
    return res.statusCode < 300;
  };
}
