// The integration API as the record-kind tests call it (ADR 036, 040): one record by PUT, a batch as
// NDJSON, and what each answers (the record's outcome, or the refusal's Italian message).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { MESSAGES } from '@sportello/contract';

const BRANDS = '/services/rest/integration/v1/brands';

/** `ctx.app` is read at each call: test contexts set it in beforeAll. */
export function recordCalls(ctx: { app: FastifyInstance }, bearer: () => Promise<string>, brand = 'sga') {
  return {
    put: async (path: string, body: unknown, inBrand = brand) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${BRANDS}/${inBrand}/${path}`,
        headers: { authorization: `Bearer ${await bearer()}` },
        payload: { request: body },
      }),
    batch: async (path: string, lines: unknown[]) =>
      ctx.app.inject({
        method: 'POST',
        url: `${BRANDS}/${brand}/${path}`,
        headers: { authorization: `Bearer ${await bearer()}`, 'content-type': 'application/x-ndjson' },
        payload: lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n',
      }),
    outcome: (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.outcome as string;
    },
    refusal: (res: LightMyRequestResponse, code: keyof typeof MESSAGES) => {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: MESSAGES[code] });
    },
  };
}
