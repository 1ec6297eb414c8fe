// The reconciliation (ADR 057), on both databases: per kind a count, a checksum the ERP can compute
// the same way over its own books, bills' and payments' totals over the period; and, a page of the
// ERP's list at a time, the records missing on either side or whose version or amount differs. Another
// brand's client and a client without the scope are refused.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type IntegrationScope } from '@sportello/contract';
import { integrationRecords } from '@sportello/db/schema';
import { useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';

const BASE = '/services/rest/integration/v1/brands';
const OCTOBER = 'from=2026-10-01&to=2026-10-31';

const customer = {
  version: 3,
  customerCode: 'ERP-RECON-1',
  customerType: 'private',
  name: 'Giulia Bianchi',
  contracts: [
    {
      extKey: 'K-RECON-1',
      number: 'CTR-RECON-1',
      name: 'Luce casa',
      startDate: '2025-01-01',
      supplies: [
        {
          extKey: 'POD-RECON-1',
          commodity: 'electricity',
          pointCode: 'IT001E00099001',
          address: 'Via Roma 1',
          postalCode: '20121',
          locality: 'Milano',
          province: 'MI',
          activationDate: '2025-01-01',
        },
      ],
    },
  ],
};
const bill = (number: string, issueDate: string, amountCents: number) => ({
  version: 1,
  contractExtKey: 'K-RECON-1',
  number,
  issueDate,
  dueDate: '2026-12-31',
  sections: [{ title: 'Energia', lines: [{ label: 'Energia', amountCents }], totalCents: amountCents }],
});
const payment = (billExtKey: string, amountCents: number, returned = false) => ({
  version: 1,
  billExtKey,
  amountCents,
  collectedOn: '2026-10-15',
  channel: 'bank',
  returned,
});

/** The ERP's side of the checksum: its lines sorted by key, each `extKey:version[:amountCents]\n`. */
const checksumOf = (lines: string[]) =>
  createHash('sha256')
    .update([...lines].sort().join(''))
    .digest('hex');

describe.each(databaseKinds)('the reconciliation on %s', (kind) => {
  const ctx = useTestApp(kind);

  const bearer = (scopes: IntegrationScope[], brands = ['sga']) =>
    createTokenKeys(ctx.db).sign({ clientId: 'cli_reconciliation0000', scopes, brands }, 600, new Date());
  const send = async (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, token?: string) =>
    ctx.app.inject({
      method,
      url: `${BASE}/${url}`,
      headers: {
        authorization: `Bearer ${token ?? (await bearer(['crm:write', 'billing:write', 'reconcile:read']))}`,
      },
      ...(body === undefined ? {} : { payload: { request: body } }),
    });
  const put = async (url: string, body: unknown) => {
    const res = await send('PUT', `sga/${url}`, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  const differences = async (body: object) => {
    const res = await send('POST', 'sga/reconciliation/differences', {
      from: '2026-10-01',
      to: '2026-10-31',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.differences as { extKey: string; difference: string }[];
  };

  it("counts each kind, sums bills and payments over the period, and finds what differs from the ERP's list", async () => {
    await put('customers/C-RECON-1', customer);
    await put('bills/B-RECON-1', bill('2026/R1', '2026-10-05', 5_000));
    await put('bills/B-RECON-2', bill('2026/R2', '2026-10-20', 7_250));
    // Issued in September: outside October's bills.
    await put('bills/B-RECON-0', bill('2026/R0', '2026-09-30', 1_000));
    await put('payments/P-RECON-1', payment('B-RECON-1', 5_000));
    // Returned by the bank: counted, but it brought no money.
    await put('payments/P-RECON-2', payment('B-RECON-2', 7_250, true));

    const res = await send('GET', `sga/reconciliation?${OCTOBER}`);
    expect(res.statusCode, res.body).toBe(200);
    const byKind = new Map((res.json().data.kinds as { kind: string }[]).map((k) => [k.kind, k] as const));
    expect(byKind.get('bill')).toEqual({
      kind: 'bill',
      overPeriod: true,
      count: 2,
      checksum: checksumOf(['B-RECON-1:1:5000\n', 'B-RECON-2:1:7250\n']),
      totalCents: 12_250,
    });
    expect(byKind.get('payment')).toEqual({
      kind: 'payment',
      overPeriod: true,
      count: 2,
      checksum: checksumOf(['P-RECON-1:1:5000\n', 'P-RECON-2:1:7250\n']),
      totalCents: 5_000,
    });
    // Customers whole: the demo's accounts the ERP knows and the one loaded here.
    const held = await ctx.db
      .select()
      .from(integrationRecords)
      .where(and(eq(integrationRecords.companyCode, 'sga'), eq(integrationRecords.kind, 'customer')));
    expect(held.some((r) => r.extKey === 'C-RECON-1' && r.version === 3)).toBe(true);
    expect(byKind.get('customer')).toEqual({
      kind: 'customer',
      overPeriod: false,
      count: held.length,
      checksum: checksumOf(held.map((r) => `${r.extKey}:${r.version}\n`)),
      totalCents: null,
    });
    expect(byKind.get('complaint')).toMatchObject({ count: 0, checksum: checksumOf([]) });

    // The ERP's bills of October: one the same, one of another amount, one the portal never got.
    expect(
      await differences({
        kind: 'bill',
        records: [
          { extKey: 'B-RECON-1', version: 1, amountCents: 5_000 },
          { extKey: 'B-RECON-2', version: 1, amountCents: 7_200 },
          { extKey: 'B-RECON-3', version: 1, amountCents: 900 },
        ],
      }),
    ).toEqual([
      {
        extKey: 'B-RECON-2',
        difference: 'amount_differs',
        portal: { version: 1, amountCents: 7_250 },
        erp: { version: 1, amountCents: 7_200 },
      },
      {
        extKey: 'B-RECON-3',
        difference: 'missing_in_portal',
        portal: null,
        erp: { version: 1, amountCents: 900 },
      },
    ]);
    // In pages: the first up to B-RECON-1, the second after it; B-RECON-2 is in neither of the ERP's.
    expect(
      await differences({
        kind: 'bill',
        through: 'B-RECON-1',
        records: [{ extKey: 'B-RECON-1', version: 1, amountCents: 5_000 }],
      }),
    ).toEqual([]);
    expect(
      (
        await differences({
          kind: 'bill',
          after: 'B-RECON-1',
          records: [{ extKey: 'B-RECON-3', version: 1 }],
        })
      ).map((d) => [d.extKey, d.difference]),
    ).toEqual([
      ['B-RECON-2', 'missing_in_erp'],
      ['B-RECON-3', 'missing_in_portal'],
    ]);
    // A newer version the portal did not get.
    const customers = held.map((r) => ({ extKey: r.extKey, version: r.version }));
    expect(
      await differences({
        kind: 'customer',
        records: customers.map((c) => (c.extKey === 'C-RECON-1' ? { ...c, version: 4 } : c)),
      }),
    ).toEqual([
      {
        extKey: 'C-RECON-1',
        difference: 'version_differs',
        portal: { version: 3, amountCents: null },
        erp: { version: 4, amountCents: null },
      },
    ]);
  });

  it("refuses a key outside the page's range and a period backwards", async () => {
    const res = await send('POST', 'sga/reconciliation/differences', {
      from: '2026-10-01',
      to: '2026-10-31',
      kind: 'bill',
      through: 'B-1',
      records: [{ extKey: 'B-2', version: 1 }],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ message: MESSAGES.reconcile_key_out_of_range });
    const backwards = await send('GET', 'sga/reconciliation?from=2026-10-31&to=2026-10-01');
    expect(backwards.statusCode, backwards.body).toBe(400);
    expect(backwards.json().errors).toEqual([
      expect.objectContaining({ field: 'to', message: MESSAGES.reconcile_period_invalid }),
    ]);
  });

  it("refuses another brand's client and a client without the scope", async () => {
    const otherBrand = await send(
      'GET',
      `sga/reconciliation?${OCTOBER}`,
      undefined,
      await bearer(['reconcile:read'], ['mes']),
    );
    expect(otherBrand.statusCode, otherBrand.body).toBe(403);
    expect(otherBrand.json()).toMatchObject({ message: MESSAGES.forbidden });
    const noScope = await send(
      'GET',
      `sga/reconciliation?${OCTOBER}`,
      undefined,
      await bearer(['crm:write']),
    );
    expect(noScope.statusCode, noScope.body).toBe(403);
    expect(noScope.json()).toMatchObject({ message: MESSAGES.scope_missing });
    const otherBrandList = await send(
      'POST',
      'sga/reconciliation/differences',
      { from: '2026-10-01', to: '2026-10-31', kind: 'bill', records: [] },
      await bearer(['reconcile:read'], ['mes']),
    );
    expect(otherBrandList.statusCode, otherBrandList.body).toBe(403);
  });
});
