// Invoice list for the dashboard (SPEC §7 ERP): newest first, outstanding only, totals, ownership.
import { describe, expect, it } from 'vitest';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';

const ERP = 'portalapi/Erp/v1';
const keys = (data: { invoices: { key: string }[] }) => data.invoices.map((i) => i.key);

describe.each(databaseKinds)('invoices on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  it('lists the newest five with the count and the amount still to pay over all of them', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${ERP}/invoices?customerId=CUS-MARIO`, { sessionId: mario });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // INV-10 was issued last week (the access suite asks installments on it).
    expect(keys(data)).toEqual(['INV-10', 'INV-7', 'INV-6', 'INV-5', 'INV-4']);
    expect(data.count).toBe(8);
    expect(data.outstandingCents).toBe(2_000 + 4_321 + 12_000 + 3_000);
    expect(data.invoices[1]).toMatchObject({
      key: 'INV-7',
      customerId: String(ctx.fixture.mario.id),
      contract: { key: 'CTR-4' },
      invoiceTypeCode: 1,
      issueDate: '2025-07-15',
      dueDate: '2025-08-05',
      amountCents: 12_000,
      outstandingCents: 12_000,
      paymentLevel: 'Unpaid',
    });
  });

  it('keeps outstanding invoices only, orders by due date, pages, and takes the numeric id', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const outstanding = await call(
      ctx.app,
      'GET',
      `${ERP}/invoices?customerId=CUS-MARIO&outstandingOnly=true`,
      {
        sessionId: mario,
      },
    );
    expect(keys(outstanding.json().data)).toEqual(['INV-10', 'INV-7', 'INV-6', 'INV-4']);
    expect(outstanding.json().data.count).toBe(4);

    const byDue = await call(
      ctx.app,
      'GET',
      `${ERP}/invoices?customerId=${ctx.fixture.mario.id}&orderBy=dueDate&pagingSkip=3&pagingTake=2`,
      { sessionId: mario },
    );
    // Due dates: INV-5 (06-20) is later than INV-4 (05-05) though issued after it.
    expect(keys(byDue.json().data)).toEqual(['INV-5', 'INV-4']);
    expect(byDue.json().data.count).toBe(8);
  });

  it('refuses franco’s and anna’s invoices (403) and an unknown customer (404)', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    for (const id of ['CUS-OTHER', String(ctx.fixture.stranger.id), 'CUS-ANNA']) {
      const res = await call(ctx.app, 'GET', `${ERP}/invoices?customerId=${id}`, { sessionId: mario });
      expect(res.statusCode).toBe(403);
    }
    const unknown = await call(ctx.app, 'GET', `${ERP}/invoices?customerId=CUS-NOBODY`, { sessionId: mario });
    expect(unknown.statusCode).toBe(404);
  });
});
