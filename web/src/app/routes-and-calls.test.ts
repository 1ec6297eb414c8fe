// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routesAndCallsDocument } from './routes-and-calls';

describe('docs/routes-and-calls.md', () => {
  it('lists the routes and calls as they are now (npm run docs:routes rewrites it)', async () => {
    const written = readFileSync(new URL('../../../docs/routes-and-calls.md', import.meta.url), 'utf8');
    expect(written).toBe(await routesAndCallsDocument());
  });

  it('names every page and call', async () => {
    const document = await routesAndCallsDocument();
    expect(document).toContain(
      '| `/errore/in-attesa-di-conferma` | error_no_customers | In attesa di conferma |',
    );
    expect(document).toContain('| GET | `/services/rest/portalapi/Erp/v1/contracts/:id` | getContract |');
  });
});
