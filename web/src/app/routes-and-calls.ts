// docs/routes-and-calls.md, written from the features' routes and the contract's calls so the page
// cannot drift from the code: web/build/write-routes-and-calls.ts writes it, a test compares.
import { allCalls, integrationCalls, staffCalls, type Call, type CallAccess } from '@sportello/contract';
import type { LoginRequirement } from '../shared/navigation/feature';
import { ROUTES } from './features';

const LOGIN: Record<`${LoginRequirement}`, string> = {
  true: 'yes',
  false: 'no (a logged-in user goes to the dashboard)',
  optional: 'optional',
};

const ACCESS: Record<CallAccess, string> = {
  public: 'anyone',
  session: 'any session (guest too)',
  user: 'logged-in user',
  link: 'logged-in user, or a guest session opened from an entry link to what the call reaches',
  token: 'personal read-only token only (Authorization: Bearer), its user’s own customer',
  machine: 'a machine client with a bearer token',
  staff: 'a customer-care staff session (staffSessionId)',
};

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/** A section: heading, what to know about it, then its table. */
const section = (heading: string, intro: readonly string[], head: readonly string[], rows: string[]) => [
  `## ${heading}`,
  '',
  ...intro,
  '',
  row(head),
  row(head.map(() => '---')),
  ...rows,
  '',
];

export async function routesAndCallsDocument(): Promise<string> {
  const titles = await Promise.all(ROUTES.map((route) => route.loadTitle()));
  const routes = ROUTES.map((route, index) =>
    row([
      `\`${route.path}\``,
      route.name,
      titles[index] ?? '',
      LOGIN[`${route.login}`],
      route.moduleKeys ? route.moduleKeys.map((key) => `\`${key}\``).join(', ') : '—',
    ]),
  );
  // By path, then method: the order of allCalls depends on how the module loader lists exports.
  const rowsOf = (list: readonly Call[]) =>
    [...list]
      .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
      .map((call) =>
        row([
          call.method,
          `\`${call.path}\``,
          call.name,
          call.scope
            ? `${ACCESS[call.access]} with \`${call.scope}\``
            : call.roles
              ? `${ACCESS[call.access]}: ${call.roles.join(', ')}`
              : ACCESS[call.access],
          call.summary.replace(/\|/g, '\\|'),
        ]),
      );
  const calls = rowsOf(allCalls);
  return [
    '# Routes and calls',
    '',
    'Generated from the features’ routes (`web/src/app/features.ts`) and the contract',
    '(`packages/contract/src/all-calls.ts`) by',
    '`npm run docs:routes`; a unit test fails when this page is out of date. Do not edit it by hand.',
    '',
    ...section(
      'Pages of the portal',
      [
        'Paths of the web app (SPEC §2). A route with module keys exists only while the server enables one',
        'of them (`GET …/Core/v1/modules`); the page title gets the brand name as a suffix.',
      ],
      ['path', 'name', 'title', 'login', 'module keys'],
      routes,
    ),
    ...section(
      'Calls of the API',
      [
        'Every call is under `/services/rest/`, answers `{ "success": true, "data": … }` or',
        '`{ "success": false, "message", "errors" }`, and carries the `sessionId` header when it needs a',
        'session. Request bodies are wrapped: `{ "request": { … } }`. The OpenAPI document of the same',
        'calls is served at `/services/rest/openapi.json`.',
      ],
      ['method', 'path', 'name', 'who may call', 'what it does'],
      calls,
    ),
    ...section(
      'Calls of the integration API',
      [
        'For the supplier’s systems (ADR 036): a token from `POST /services/rest/integration/v1/oauth/token`',
        '(OAuth 2.0 client credentials) in `Authorization: Bearer …`; each call needs its scope and names a',
        'brand the client may touch. Their OpenAPI document is `/services/rest/integration/openapi.json`.',
      ],
      ['method', 'path', 'name', 'who may call', 'what it does'],
      rowsOf(integrationCalls),
    ),
    ...section(
      'Calls of the customer-care console',
      [
        'For the supplier’s customer-care staff (ADR 041), behind `/operatore` in the web app: `staffLogin`',
        '(password and TOTP code) answers a session id for the `staffSessionId` header; each call lists the',
        'roles that may make it and reaches the customers of the account’s brands. Their OpenAPI document is',
        '`/services/rest/staff/openapi.json`.',
      ],
      ['method', 'path', 'name', 'who may call', 'what it does'],
      rowsOf(staffCalls),
    ),
  ].join('\n');
}
