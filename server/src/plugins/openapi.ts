// OpenAPI document generated from the contract's zod schemas, at /services/rest/openapi.json. Beside
// each call's answer it lists every refusal the call can answer, all in the one failure envelope:
// server/test/openapi-answers.ts holds every answer of the generated suites to this document.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  allCalls,
  API_PREFIX,
  failureSchema,
  integration,
  integrationCalls,
  PRODUCT_VERSION,
  staffCalls,
  STAFF_ROLES,
  type Call,
  type IntegrationScope,
} from '@sportello/contract';

/** What each refusal means, as the document describes it. */
const REFUSALS: Record<number, string> = {
  400: 'The input is refused (schema, malformed URL or query, a field the call does not take).',
  401: 'No session, or the call needs a logged-in user (or a guest from a link to this target); on the integration API: no token, or one expired or not valid; on the console: no live staff session.',
  403: 'The session may not reach what the input names, or (a `stepUp` call) has not proved its user again in the last 5 minutes (step_up_required); on the integration API: the token lacks the scope or the brand; on the console: the role may not, or the customer is of another brand.',
  404: 'What the input names does not exist or is not the caller’s.',
  409: 'The state of what the call changes conflicts with it (already done, another change in progress).',
  410: 'The link has expired.',
  413: 'The body or a path value is too large.',
  414: 'A path value is too long.',
  415: 'The body is not JSON.',
  422: 'The rules refuse the request; the message says why.',
  429: 'Too many attempts; try again later.',
  503: 'Maintenance, or the database is away: the client shows the maintenance page.',
};

const hasBody = (call: Call) => call.method === 'POST' || call.method === 'PUT';

/**
 * The refusals a call can answer: from its shape (any request can be malformed or arrive during
 * maintenance; a body can be too large or not JSON; a path value too long or `..`), its access rule (401),
 * its reach (403, 404), a step-up it needs (403, ADR 038) and what its service declares (`refusals`).
 */
export function refusalsOf(call: Call): number[] {
  const statuses = new Set<number>([400, 503, ...call.refusals]);
  if (call.access !== 'public') statuses.add(401);
  if (call.reaches !== 'nothing') [403, 404].forEach((s) => statuses.add(s));
  // A machine call's token without its scope (ADR 036), whatever it reaches.
  if (call.scope) statuses.add(403);
  // A staff call some roles may not make (ADR 041).
  if (call.roles && call.roles.length < STAFF_ROLES.length) statuses.add(403);
  if (call.stepUp) statuses.add(403);
  if (hasBody(call)) [413, 415].forEach((s) => statuses.add(s));
  // A path value too long, or one that leaves the route (`..`): no route answers it.
  if (call.path.includes(':')) [404, 414].forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}

/**
 * OpenAPI 3.0 says `nullable` admits null only where an `enum` lists it; zod's 3.0 target leaves it
 * out. Adds null to every nullable enum of a generated schema, so the document admits what the server sends.
 */
function admitNullInEnums(schema: unknown): void {
  if (Array.isArray(schema)) return schema.forEach(admitNullInEnums);
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Record<string, unknown>;
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
  Object.values(node).forEach(admitNullInEnums);
}

const callsByName = new Map(
  [...allCalls, ...integrationCalls, ...staffCalls].map((call) => [call.name, call]),
);

const INTEGRATION_PATHS = `${API_PREFIX}/integration/`;
/** The customer-care console's calls (ADR 041): their own document, their own session header. */
const STAFF_PATHS = `${API_PREFIX}/staff/`;

/** The integration API's security (ADR 036): OAuth 2.0 client credentials, a scope per call. */
const OAUTH2 = {
  type: 'oauth2' as const,
  flows: {
    clientCredentials: {
      tokenUrl: integration.TOKEN_PATH,
      scopes: {
        'billing:write': 'Load bills.',
        'metering:write': 'Load readings and consumption.',
        'crm:write': 'Load customers, contracts and supplies.',
        'events:read': 'Read the customer actions feed.',
        'market:write': "Load market prices, every brand's.",
        'reconcile:read': "Read a brand's counts and checksums and compare the ERP's list (reconciliation).",
        admin: 'Create brands.',
      } satisfies Record<IntegrationScope, string>,
    },
  },
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

function transform(input: TransformInput) {
  const call = callsByName.get(input.schema?.operationId as string);
  const response = input.schema?.response as Record<number, unknown> | undefined;
  const refusals = call ? Object.fromEntries(refusalsOf(call).map((status) => [status, failureSchema])) : {};
  const out = jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, response: { ...response, ...refusals } },
  });
  const responses = out.schema.response as Record<string, Record<string, unknown>> | undefined;
  for (const [status, schema] of Object.entries(responses ?? {})) {
    schema.description = REFUSALS[Number(status)] ?? 'The answer, in the success envelope.';
  }
  admitNullInEnums(out.schema);
  // A public call needs no session: the document's default security does not apply to it. The
  // integration API's token call takes the client's credentials, not a token; a machine call a token
  // with its scope (ADR 036); a personal token call a personal token, and nothing else (ADR 037).
  const operationId = input.schema?.operationId;
  if (call?.access === 'public' || operationId === 'integrationToken')
    return { ...out, schema: { ...out.schema, security: [] } };
  if (call?.access === 'machine')
    return { ...out, schema: { ...out.schema, security: [{ oauth2: call.scope ? [call.scope] : [] }] } };
  if (call?.access === 'token')
    return { ...out, schema: { ...out.schema, security: [{ personalToken: [] }] } };
  if (call?.access === 'staff')
    return { ...out, schema: { ...out.schema, security: [{ staffSessionId: [] }] } };
  return out;
}

/** Who may call: a portal session, a personal token (ADR 037), a supplier's system (ADR 036). */
const SECURITY_SCHEMES = {
  sessionId: { type: 'apiKey', in: 'header', name: 'sessionId' },
  personalToken: { type: 'http', scheme: 'bearer', description: 'A personal read-only token: spt_…' },
  oauth2: OAUTH2,
  staffSessionId: { type: 'apiKey', in: 'header', name: 'staffSessionId' },
} as const;

/** Where the token calls live: their own short document (ADR 037). */
export const PERSONAL_PREFIX = `${API_PREFIX}/personal/`;

type Document = Exclude<ReturnType<FastifyInstance['swagger']>, string>;

/**
 * The personal token's own document: only the token calls, with the bearer scheme, for a customer's
 * tools (Home Assistant's REST sensor, curl); docs/personal-token.md shows how to use it.
 */
export function personalDocument(full: Document): Document {
  const paths = Object.fromEntries(
    Object.entries(full.paths ?? {}).filter(([path]) => path.startsWith(PERSONAL_PREFIX)),
  );
  return {
    ...full,
    info: {
      title: 'Sportello: i tuoi dati con un token personale',
      version: full.info.version,
      description:
        'Read-only calls for your own tools: consumption, readings, bills and prices of your own ' +
        'supplies. Create a token in the portal (Profilo › Token personali) and send it as ' +
        '`Authorization: Bearer spt_…`. A token reaches only its customer’s supplies, expires within ' +
        'a year, can be revoked at any time and makes at most 120 requests an hour (then 429). ' +
        'Answers are `{ success: true, data }`; refusals `{ success: false, message, errors }` in Italian.',
    },
    security: [{ personalToken: [] }],
    paths,
  };
}

/** The integration API's refusal codes (ADR 051), as its document lists them. */
const REFUSAL_LIST =
  "Refusal codes (a PUT answers the status; a batch answers a record's on its line, with `errors[]` naming " +
  'each field and its code):\n\n' +
  Object.entries(integration.REFUSAL_CODES)
    .map(([code, [status, when]]) => `- \`${code}\` (${status}): ${when}`)
    .join('\n');

export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sportello API',
        version: PRODUCT_VERSION,
        description:
          'Bodies come as `{ request }`; answers are `{ success: true, data }` or, for every refusal, ' +
          '`{ success: false, message, errors: [{ code, message, field? }] }` with Italian messages.',
      },
      servers: [
        { url: '/', description: 'The server that serves this document (web app and API on one origin).' },
      ],
      components: {
        securitySchemes: SECURITY_SCHEMES,
      },
      security: [{ sessionId: [] }],
    },
    transform,
  });
  /** One document's paths: the portal's, the integration API's (ADR 036) or the console's (ADR 041). */
  const only = (api: 'portal' | 'integration' | 'staff') => {
    const document = app.swagger() as {
      paths?: Record<string, unknown>;
      components?: Record<string, unknown>;
    };
    const apiOf = (path: string) =>
      path.startsWith(INTEGRATION_PATHS) ? 'integration' : path.startsWith(STAFF_PATHS) ? 'staff' : 'portal';
    const paths = Object.entries(document.paths ?? {}).filter(([path]) => apiOf(path) === api);
    return { ...document, paths: Object.fromEntries(paths) };
  };
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => {
    const document = only('portal');
    const { oauth2: _machines, staffSessionId: _staff, ...portalSchemes } = SECURITY_SCHEMES;
    return { ...document, components: { ...document.components, securitySchemes: portalSchemes } };
  });
  app.get(`${PERSONAL_PREFIX}openapi.json`, { schema: { hide: true } }, async () => {
    const document = personalDocument(app.swagger() as Document) as Document & {
      components?: Record<string, unknown>;
    };
    const personalOnly = { personalToken: SECURITY_SCHEMES.personalToken };
    return { ...document, components: { ...document.components, securitySchemes: personalOnly } };
  });
  app.get(integration.INTEGRATION_OPENAPI_PATH, { schema: { hide: true } }, async () => {
    const document = only('integration') as Record<string, unknown> & {
      components?: Record<string, unknown>;
    };
    return {
      ...document,
      info: {
        title: 'Sportello integration API',
        version: PRODUCT_VERSION,
        description:
          "For the supplier's systems (ADR 036). A token from `POST /services/rest/integration/v1/oauth/token` " +
          '(OAuth 2.0 client credentials) goes in `Authorization: Bearer …`; each call needs its scope and names ' +
          'a brand the client may touch. Bodies come as `{ request }`, batches as NDJSON (one record a line, ' +
          "one result a line), a bill's PDF as `application/pdf`; refusals are `{ success: false, message, errors }`.\n\n" +
          REFUSAL_LIST,
      },
      components: { ...document.components, securitySchemes: { oauth2: OAUTH2 } },
      security: [{ oauth2: [] }],
    };
  });
  app.get(`${STAFF_PATHS}openapi.json`, { schema: { hide: true } }, async () => {
    const document = only('staff') as Record<string, unknown> & { components?: Record<string, unknown> };
    return {
      ...document,
      info: {
        title: 'Sportello console operatori',
        version: PRODUCT_VERSION,
        description:
          "The supplier's customer-care console (ADR 041): `POST /services/rest/staff/v1/login` (password and " +
          'TOTP code) answers a staff session id for the `staffSessionId` header; each call lists the roles ' +
          'that may make it and reaches the customers of the account’s brands. Every action and refusal is audited.',
      },
      components: {
        ...document.components,
        securitySchemes: { staffSessionId: SECURITY_SCHEMES.staffSessionId },
      },
      security: [{ staffSessionId: [] }],
    };
  });
});
