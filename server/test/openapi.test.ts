// The OpenAPI document tells the truth: valid, with servers, every nullable enum
// admitting null, every call's refusals documented in the failure envelope. That the server answers
// nothing else is held by the generated suites (contract-access, contract-fuzz) through AnswerLog.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { allCalls, integration } from '@sportello/contract';
import { refusalsOf } from '../src/plugins/openapi.js';
import { call, useTestApp } from './app.js';
import { AnswerLog, servedDocument } from './openapi-answers.js';

type Node = Record<string, unknown>;

/** Paths of every schema node marked nullable whose enum leaves null out. */
function nullableEnumsWithoutNull(node: unknown, path = ''): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const own = node as Node;
  const here = own.nullable === true && Array.isArray(own.enum) && !own.enum.includes(null) ? [path] : [];
  return [...here, ...Object.entries(own).flatMap(([k, v]) => nullableEnumsWithoutNull(v, `${path}/${k}`))];
}

describe('the OpenAPI document', () => {
  const ctx = useTestApp('pglite');

  it('has a short document of its own for the personal token: its calls only, with the bearer scheme', async () => {
    const res = await call(ctx.app, 'GET', '/services/rest/personal/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown>; security: unknown; components: Node };
    const tokenCalls = allCalls.filter((c) => c.access === 'token');
    expect(Object.keys(doc.paths).sort()).toEqual(
      tokenCalls.map((c) => c.path.replace(/:(\w+)/g, '{$1}')).sort(),
    );
    expect(doc.security).toEqual([{ personalToken: [] }]);
    expect(doc.components.securitySchemes).toMatchObject({
      personalToken: { type: 'http', scheme: 'bearer' },
    });
  });

  it("publishes each integration event kind's payload schema in the integration document (ADR 040)", async () => {
    const res = await call(ctx.app, 'GET', '/services/rest/integration/openapi.json');
    expect(res.statusCode).toBe(200);
    const text = res.body;
    for (const kind of integration.EVENT_KINDS) expect(text).toContain(`"${kind}"`);
    // A field of each payload, so the payloads are described, not an open record.
    expect(text).toContain('"requestKey"');
    expect(text).toContain('"meterReplaced"');
  });

  it('is a valid OpenAPI document with a relative server', async () => {
    const doc = (await servedDocument(ctx.app)) as unknown as Node;
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it('admits null in every nullable enum (actionSelected, userOutcome, banking.state, delegation, reply)', async () => {
    const doc = await servedDocument(ctx.app);
    expect(nullableEnumsWithoutNull(doc.paths)).toEqual([]);
    const serialized = JSON.stringify(doc);
    for (const field of ['actionSelected', 'userOutcome', 'delegation', 'reply', 'state'])
      expect(serialized).toContain(`"${field}":{"nullable":true`);
  });

  it("documents every call's refusals with the failure envelope", async () => {
    const doc = await servedDocument(ctx.app);
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    for (const c of allCalls) {
      const operation = operations.find((o) => o.operationId === c.name)!;
      const statuses = Object.keys(operation.responses).map(Number);
      expect(statuses, c.name).toEqual([200, ...refusalsOf(c)]);
      for (const status of refusalsOf(c)) {
        const schema = operation.responses[status]!.content!['application/json']!.schema as Node;
        expect(schema, `${c.name} ${status}`).toMatchObject({
          properties: { success: { enum: [false] }, errors: { type: 'array' } },
          required: expect.arrayContaining(['success', 'message', 'errors']),
        });
      }
    }
  });

  it('documents a refusal a public call answers, and flags a status it does not list', async () => {
    const login = allCalls.find((c) => c.name === 'login')!;
    const answers = new AnswerLog();
    const guest = await call(ctx.app, 'POST', 'portalapi/Core/v1/sessions', {
      body: { company: 'sga', locale: 'it' },
    });
    const refused = await call(ctx.app, 'POST', 'portalapi/Core/v1/user/login', {
      sessionId: guest.json().data.id,
      body: { username: 'nobody', password: 'wrong-password-1' },
    });
    expect(refused.statusCode).toBe(422);
    answers.record(login, refused, 'wrong password');
    expect(await answers.mismatches(ctx.app)).toEqual([]);
    answers.record(login, { ...refused, statusCode: 418 } as LightMyRequestResponse, 'a teapot');
    expect(await answers.mismatches(ctx.app)).toEqual([
      expect.stringContaining('login → 418: status not documented'),
    ]);
  });
});
