// The integration API's refusal codes are listed once (`integration.REFUSAL_CODES`, ADR 051), and that
// list is complete: every message code the module's code or the integration contract names is in it,
// each has its Italian message, the README's integration section lists each, and so does the
// integration OpenAPI document.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { integration, MESSAGES } from '@sportello/contract';
import { useTestApp } from '../../../test/app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
const listed = Object.keys(integration.REFUSAL_CODES);

/** The message codes named as string literals in a file. */
const codesIn = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/'([a-z][a-z0-9_]+)'/g)]
    .map((m) => m[1]!)
    .filter((word) => Object.hasOwn(MESSAGES, word));

describe('the integration refusal codes', () => {
  it('list every code the module and the integration contract name, each with its message', () => {
    const sources = [
      ...readdirSync(here)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => path.join(here, f)),
      path.join(root, 'packages/contract/src/calls/integration.ts'),
      path.join(root, 'server/src/plugins/machine.ts'),
    ];
    const named = new Set(sources.flatMap(codesIn));
    expect([...named].filter((code) => !listed.includes(code)).sort()).toEqual([]);
    for (const code of listed) expect(MESSAGES[code as keyof typeof MESSAGES], code).toBeTruthy();
  });

  it("are each in the README's integration section", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf("## For the supplier's systems"));
    expect(listed.filter((code) => !section.includes(`| \`${code}\` |`))).toEqual([]);
  });
});

describe('the integration OpenAPI document', () => {
  const ctx = useTestApp('pglite');
  it('lists every refusal code with its status', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: integration.INTEGRATION_OPENAPI_PATH });
    const description: string = res.json().info.description;
    for (const [code, [status]] of Object.entries(integration.REFUSAL_CODES))
      expect(description).toContain(`\`${code}\` (${status})`);
  });
});
