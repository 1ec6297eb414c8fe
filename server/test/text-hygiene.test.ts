// Regression cases of the contract fuzz suite (finding 1 and what the fuzzer found with it):
// control characters and lone surrogates are refused with 400 and the Italian envelope wherever they
// arrive (body, query, path), and no malformed URL or session header turns into a 500.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { call, loginAs } from './app.js';
import { databaseKinds } from './databases.js';
import { useSupplyTestApp } from './supply-fixture.js';

const INVALID = { success: false, message: MESSAGES.invalid_input };
const ERP = 'portalapi/Erp/v1';

describe.each(databaseKinds)('text hygiene on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  it('refuses NUL in the login fields with 400 (it was a 500: PostgreSQL text holds no NUL)', async () => {
    const guest = await call(ctx.app, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'sga' } });
    const res = await call(ctx.app, 'POST', 'portalapi/Core/v1/user/login', {
      sessionId: guest.json().data.id,
      body: { username: '\u0000', password: '\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(INVALID);
    expect(res.json().errors).toEqual([
      { code: 'invalid_characters', message: MESSAGES.invalid_characters, field: 'username' },
      { code: 'invalid_characters', message: MESSAGES.invalid_characters, field: 'password' },
    ]);
  });

  it('refuses NUL in a nickname and leaves the supply as it was', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'PUT', `${ERP}/supplies`, {
      sessionId: mario,
      body: { id: 'SUP-1', nickname: 'casa\u0000' },
    });
    expect(res.statusCode).toBe(400);
    const supply = await call(ctx.app, 'GET', `${ERP}/supplies/SUP-1`, { sessionId: mario });
    expect(supply.json().data.nickname).toBeNull();
  });

  it('refuses a lone surrogate and a bidi override in an address (a lone surrogate was a 500)', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const address = {
      streetName: 'Via Garibaldi',
      civicNumber: '1',
      city: 'Roma',
      province: 'RM',
      postalCode: '00153',
    };
    for (const streetName of ['Via \uD800', 'Via \u202EGaribaldi']) {
      const res = await call(ctx.app, 'POST', `${ERP}/requests/shippingAddress`, {
        sessionId: mario,
        body: { contractKey: 'CTR-1', shippingAddress: { ...address, streetName } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        {
          code: 'invalid_characters',
          message: MESSAGES.invalid_characters,
          field: 'shippingAddress.streetName',
        },
      ]);
    }
  });

  it('keeps line breaks in a multi-line text, refuses NUL there', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const put = (userOptions: string) =>
      call(ctx.app, 'PUT', 'portalapi/Core/v1/users', { sessionId: mario, body: { userOptions } });
    expect((await put('{\n\t"tour": true\r\n}')).statusCode).toBe(200);
    const refused = await put('{"tour": true}\u0000');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ code: 'invalid_characters', field: 'userOptions' });
  });

  it('refuses NUL in a query value and in a path id with 400', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    for (const url of [
      `${ERP}/supplies?customerKey=%00`,
      `${ERP}/supplies/SUP%00`,
      'stradario/getStreet?tKey=%00',
    ]) {
      const res = await call(ctx.app, 'GET', url, { sessionId: mario });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject(INVALID);
    }
  });

  it('answers an undecodable URL and an over-long path id in the envelope, not echoing the URL', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    for (const [url, status, message] of [
      [`${ERP}/supplies/%E0%A4%A`, 400, INVALID.message],
      [`${ERP}/supplies/%ED%A0%80`, 400, INVALID.message],
      [`${ERP}/supplies/${'a'.repeat(500)}`, 414, MESSAGES.body_too_large],
    ] as const) {
      const res = await call(ctx.app, 'GET', url, { sessionId: mario });
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toEqual({ success: false, message, errors: [] });
    }
  });

  it('treats a malformed session header as no session (401), never a 500 (a guard: it never failed)', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    for (const sessionId of [`${mario}\u0000`, 'x'.repeat(10_000), 'é'.repeat(22), ' ']) {
      const res = await call(ctx.app, 'GET', 'portalapi/Core/v1/modules', { sessionId });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.session_missing);
    }
  });
});
