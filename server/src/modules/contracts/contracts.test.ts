// Contracts (SPEC §7 ERP): the list of a reachable customer, one contract, and ownership.
import { describe, expect, it } from 'vitest';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { IBAN, useSupplyTestApp } from '../../../test/supply-fixture.js';

const ERP = 'portalapi/Erp/v1';

describe.each(databaseKinds)('contracts on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  it('lists a customer’s contracts with the first supply’s address, and pages', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${ERP}/contracts?customerKey=CUS-MARIO`, { sessionId: mario });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.count).toBe(5);
    expect(data.contracts.map((c: { key: string }) => c.key)).toEqual([
      'CTR-1',
      'CTR-4',
      'CTR-5',
      'CTR-6',
      'CTR-7',
    ]);
    expect(data.contracts[0]).toMatchObject({
      key: 'CTR-1',
      customerId: String(ctx.fixture.mario.id),
      status: 'Attivo',
      startDate: '2024-01-01',
      endDate: null,
      // SUP-1 is CTR-1's first supply.
      address: { address: 'Via Garibaldi 1', postalCode: '00153', locality: 'Roma', province: 'RM' },
      shippingAddress: null,
      banking: null,
      shippingAddressChange: null,
    });
    // The account is shown masked: the full IBAN never leaves the server.
    expect(data.contracts[1].banking).toEqual({
      maskedIban: 'IT•• •••• … 3456',
      bic: 'BPMOIT22XXX',
      holderName: 'Mario Rossi',
      holderFiscalCode: 'RSSMRA80A01H501U',
      state: null,
    });
    expect(res.body).not.toContain(IBAN);
    expect(res.body).not.toContain(IBAN.slice(4, 20));
    // A contract without supplies has no address.
    expect(data.contracts[2].address).toBeNull();

    const page = await call(
      ctx.app,
      'GET',
      `${ERP}/contracts?customerKey=${ctx.fixture.mario.id}&pagingSkip=1&pagingTake=2`,
      {
        sessionId: mario,
      },
    );
    expect(page.json().data.count).toBe(5);
    expect(page.json().data.contracts.map((c: { key: string }) => c.key)).toEqual(['CTR-4', 'CTR-5']);
  });

  it('reads one contract by id or key', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    for (const id of ['CTR-1', String(ctx.world.contracts['CTR-1']!.id)]) {
      const res = await call(ctx.app, 'GET', `${ERP}/contracts/${id}`, { sessionId: mario });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ key: 'CTR-1', address: { locality: 'Roma' } });
    }
  });

  it('serves a delegate the delegator’s contracts', async () => {
    const luca = await loginAs(ctx.app, 'luca');
    const list = await call(ctx.app, 'GET', `${ERP}/contracts?customerKey=CUS-ANNA`, { sessionId: luca });
    expect(list.json().data.contracts.map((c: { key: string }) => c.key)).toEqual(['CTR-2']);
    const one = await call(ctx.app, 'GET', `${ERP}/contracts/CTR-1`, { sessionId: luca });
    expect(one.statusCode).toBe(200);
  });

  it('refuses franco’s and anna’s contracts and lists (403); unknown ones (404)', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    for (const url of [
      `${ERP}/contracts/CTR-3`,
      `${ERP}/contracts/${ctx.world.contracts['CTR-3']!.id}`,
      `${ERP}/contracts/CTR-2`,
      `${ERP}/contracts?customerKey=CUS-OTHER`,
      `${ERP}/contracts?customerKey=CUS-ANNA`,
    ]) {
      const res = await call(ctx.app, 'GET', url, { sessionId: mario });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Non hai accesso a questi dati.');
    }
    for (const url of [`${ERP}/contracts/CTR-404`, `${ERP}/contracts?customerKey=CUS-NOBODY`]) {
      const res = await call(ctx.app, 'GET', url, { sessionId: mario });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
