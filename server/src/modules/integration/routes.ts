// The integration API's routes (ADR 036): the token call (OAuth 2.0 client credentials, form or JSON,
// credentials in the body or as HTTP Basic), and the contract's machine calls, whose access (token and
// scope) and reach (brand) route() checks like every other call's. NDJSON bodies are handed to a batch
// call as their lines; a PUT's refusal is a 422 with the record's code.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { integration, MESSAGES, type MessageCode } from '@sportello/contract';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import type { IntegrationService } from './service.js';
import { NO_BRAND } from './versioned.js';

type ImportResult = integration.ImportResult;

/** A batch of 1,000 customer records with their contracts fits well within this. */
const NDJSON_BODY_LIMIT = 8 * 1024 * 1024;
/**
 * A bill's PDF call takes its largest PDF as base64 in JSON (the call's own limit, over the server's
 * BODY_LIMIT_BYTES); an `application/pdf` body up to this is read too, and refused past 5 MB.
 */
const PDF_CALL_BODY_LIMIT = Math.ceil(integration.BILL_PDF_MAX_BYTES / 3) * 4 + 1024;
/**
 * A bill's PUT carries its FatturaPA XML (ADR 067) as a JSON string: up to 1 MB, its escapes (a quote
 * written \") and the bill's sections beside it. Past this, `body_too_large`.
 */
const BILL_CALL_BODY = { bodyLimit: 2 * integration.BILL_XML_MAX_BYTES + 256 * 1024 } as const;
/** A message's PUT takes its PDF attachment as base64 in JSON, with room for the message itself. */
const MESSAGE_CALL_BODY = {
  bodyLimit: Math.ceil((integration.MESSAGE_ATTACHMENT_MAX_BYTES * 1.1) / 3) * 4 + 64 * 1024,
  tooLarge: 'message_attachment_too_large',
} as const;
/** A batch past its body limit (8 MB of NDJSON, the server's for JSON) is refused with its own code. */
const BATCH = { tooLarge: 'batch_too_large' } as const;
/** Events a feed page gives unless asked for another number (at most 1,000). */
const DEFAULT_FEED_PAGE = 100;

/** A PUT answers what it did, or refuses with the record's code (422) and its fields. */
function answer(result: ImportResult): ImportResult {
  if (result.outcome !== 'refused') return result;
  const code = (result.code ?? 'invalid_input') as MessageCode;
  const errors = (result.errors ?? []).map((e) => ({
    code: e.code ?? code,
    message: e.message,
    ...(e.field ? { field: e.field } : {}),
  }));
  throw new AppError(422, code, errors);
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const encoded = /^Basic ([A-Za-z0-9+/=]{1,1024})$/.exec(header ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return {
    id: decodeURIComponent(decoded.slice(0, colon)),
    secret: decodeURIComponent(decoded.slice(colon + 1)),
  };
}

export default function integrationRoutes(app: FastifyInstance, service: IntegrationService) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser(
    integration.NDJSON,
    { parseAs: 'string', bodyLimit: NDJSON_BODY_LIMIT },
    (_request, body, done) => done(null, { request: { lines: (body as string).split(/\r?\n/) } }),
  );
  // A bill's PDF is handed to its call as base64, as NDJSON is as its lines. The route's body limit is
  // that of the base64 in JSON, so a PDF past 5 MB is refused here with its own code, before encoding.
  app.addContentTypeParser(integration.PDF, { parseAs: 'buffer' }, (_request, body, done) =>
    (body as Buffer).length > integration.BILL_PDF_MAX_BYTES
      ? done(new AppError(413, 'bill_pdf_too_large'), undefined)
      : done(null, { request: { contentBase64: (body as Buffer).toString('base64') } }),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    integration.TOKEN_PATH,
    {
      schema: {
        operationId: 'integrationToken',
        summary: 'OAuth 2.0 client credentials: a client id and secret for a short-lived bearer token.',
        body: integration.tokenRequest,
        response: { 200: integration.tokenAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.grant_type !== 'client_credentials')
        throw new AppError(400, 'unsupported_grant_type', [
          { code: 'unsupported_grant_type', message: MESSAGES.unsupported_grant_type, field: 'grant_type' },
        ]);
      const basic = basicCredentials(request.headers.authorization);
      const id = basic?.id ?? body.client_id ?? '';
      const secret = basic?.secret ?? body.client_secret ?? '';
      request.auditedClientId = /^cli_[A-Za-z0-9_-]{20}$/.test(id) ? id : null;
      const issued = await service.issueToken(id, secret, request.ip, new Date());
      if (!issued) throw new AppError(401, 'invalid_client');
      reply.header('cache-control', 'no-store');
      return {
        access_token: issued.token,
        token_type: 'Bearer' as const,
        expires_in: issued.expiresIn,
        scope: issued.scopes.join(' '),
      };
    },
  );

  route(app, integration.putCustomer, async ({ params, body }) =>
    answer(await service.putCustomer(params.brand, params.extKey, body, new Date())),
  );
  route(
    app,
    integration.importCustomers,
    ({ params, body }) => service.importCustomers(params.brand, body.lines, new Date()),
    BATCH,
  );
  route(app, integration.revokeDelegation, ({ params }) =>
    service.revokeDelegation(params.brand, params.extKey, params.username, new Date()),
  );
  route(
    app,
    integration.putBill,
    async ({ params, body }) => answer(await service.putBill(params.brand, params.extKey, body, new Date())),
    BILL_CALL_BODY,
  );
  route(
    app,
    integration.putBillPdf,
    async ({ params, body }) =>
      answer(await service.putBillPdf(params.brand, params.extKey, body.contentBase64)),
    { bodyLimit: PDF_CALL_BODY_LIMIT, tooLarge: 'bill_pdf_too_large' },
  );
  // The kinds of ADR 040: each a PUT and an NDJSON batch, loaded by one versioned loader.
  const kinds = [
    ['payments', integration.putPayment, integration.importPayments],
    ['readings', integration.putReading, integration.importReadings],
    ['readingWindows', integration.putReadingWindow, integration.importReadingWindows],
    ['requestPhases', integration.putRequestPhase, integration.importRequestPhases],
    ['complaintAnswers', integration.putComplaintAnswer, integration.importComplaintAnswers],
    ['curves', integration.putCurve, integration.importCurves],
    ['offers', integration.putOffer, integration.importOffers],
    ['messages', integration.putMessage, integration.importMessages],
    ['proposals', integration.putProposal, integration.importProposals],
    ['priceChanges', integration.putPriceChange, integration.importPriceChanges],
  ] as const;
  for (const [kind, put, batch] of kinds) {
    route(
      app,
      put,
      async ({ params, body }) =>
        answer(await service.put(kind, params.brand, params.extKey, body, new Date())),
      // A message may carry its PDF (ADR 056): its call takes that much more, and names the refusal.
      kind === 'messages' ? MESSAGE_CALL_BODY : {},
    );
    route(app, batch, ({ params, body }) => service.batch(kind, params.brand, body.lines, new Date()), BATCH);
  }
  // A market's prices belong to no brand (every brand shows them): a scope and a path of their own.
  route(app, integration.putPrices, async ({ params, body }) =>
    answer(await service.put('prices', NO_BRAND, params.extKey, body, new Date())),
  );
  route(app, integration.importPriceLists, ({ body }) =>
    service.batch('prices', NO_BRAND, body.lines, new Date()),
  );
  // Records read back by the ERP's key, and what the ERP takes back (ADR 056).
  const { readBack } = service;
  route(app, integration.readCustomer, ({ params }) => readBack.customer(params.brand, params.extKey));
  route(app, integration.readContract, ({ params }) => readBack.contract(params.brand, params.extKey));
  route(app, integration.readSupply, ({ params }) => readBack.supply(params.brand, params.extKey));
  route(app, integration.readBill, ({ params }) => readBack.bill(params.brand, params.extKey, new Date()));
  route(app, integration.readPayment, ({ params }) => readBack.payment(params.brand, params.extKey));
  route(app, integration.readOffer, ({ params }) => readBack.offer(params.brand, params.extKey));
  route(app, integration.readRequest, ({ params }) => readBack.request(params.brand, params.extKey));
  route(app, integration.readComplaint, ({ params }) => readBack.complaint(params.brand, params.extKey));
  route(app, integration.readMessage, ({ params }) => readBack.message(params.brand, params.extKey));
  route(app, integration.readProposal, ({ params }) => readBack.proposal(params.brand, params.extKey));
  route(app, integration.cancelBill, ({ params, body }) =>
    service.cancelBill(params.brand, params.extKey, body, new Date()),
  );
  route(app, integration.withdrawMessage, ({ params }) =>
    service.withdrawMessage(params.brand, params.extKey, new Date()),
  );
  route(app, integration.withdrawProposal, ({ params }) =>
    service.withdrawProposal(params.brand, params.extKey, new Date()),
  );
  route(app, integration.listEvents, ({ params, query, machine }) =>
    service.events(
      params.brand,
      Number(query.after ?? 0),
      Number(query.limit ?? DEFAULT_FEED_PAGE),
      machine.scopes,
    ),
  );
  route(app, integration.pingWebhooks, async ({ params, machine }) => ({
    pings: await service.webhooks.ping(machine.clientId, params.brand, new Date()),
  }));
  route(app, integration.createBrand, ({ body }) => service.brands.create(body));
  route(app, integration.listBrands, () => service.brands.list());
  route(app, integration.reconcile, ({ params, query }) =>
    service.reconciliation.summary(params.brand, query),
  );
  route(app, integration.reconcileDifferences, ({ params, body }) =>
    service.reconciliation.differences(params.brand, body),
  );
  route(
    app,
    integration.importBills,
    ({ params, body }) => service.importBills(params.brand, body.lines, new Date()),
    BATCH,
  );
}
