// The billing world of the invoices work on top of the supplies fixture: bills relative to a fixed
// today (the clock is frozen on it, so a run across midnight cannot move the window edges)
// (both edges of the installment window), detail sections, readings, an installment plan in each
// status, documents (one still printing) and an insolvency (panoram comes with the supply fixture).
// A bill's figures and its plan come from the demo's world builders, as the demo's bills do.
import { addDays, todayInRome } from '@sportello/domain';
import {
  billFigures,
  installmentPlan,
  invoiceRow,
  type BillSection,
  type InvoiceSpec,
} from '@sportello/demo/world';
import { afterAll, beforeAll, vi } from 'vitest';
import type { Db } from '@sportello/db/client';
import {
  documents,
  insolvencies,
  installments,
  invoiceSections,
  invoices,
  readings,
} from '@sportello/db/schema';
import type { TestContext } from './app.js';
import type { DatabaseKind } from './databases.js';
import type { Fixture } from './fixture.js';
import { useSupplyTestApp, type SupplyFixture } from './supply-fixture.js';

export const SECTIONS: readonly BillSection[] = [
  {
    title: 'Spesa per la materia energia',
    lines: [
      { label: 'Quota energia', quantity: '400 kWh', amountCents: 5_280 },
      { label: 'Quota fissa di commercializzazione', quantity: '2 mesi', amountCents: 1_500 },
    ],
    totalCents: 6_780,
  },
  {
    title: 'Spesa per il trasporto e la gestione del contatore',
    lines: [{ label: 'Quota fissa', quantity: '2 mesi', amountCents: 1_370 }],
    totalCents: 1_370,
  },
  {
    title: 'Spesa per oneri di sistema',
    lines: [{ label: 'Quota variabile', quantity: '400 kWh', amountCents: 1_160 }],
    totalCents: 1_160,
  },
  { title: 'Imposte', lines: [{ label: 'Accisa', quantity: '400 kWh', amountCents: 908 }], totalCents: 908 },
  { title: 'IVA', lines: [{ label: 'IVA 10%', quantity: null, amountCents: 1_022 }], totalCents: 1_022 },
];
/** Noon in Rome on an ordinary Monday, far from a daylight-saving change. */
export const FIXED_NOW = new Date('2026-03-16T11:00:00Z');

/** 6780 + 1370 + 1160 + 908 + 1022 = 11,240 */
export const BILL_TOTAL = billFigures(SECTIONS, 'Unpaid').amountCents;

export async function insertBillingFixture(db: Db, f: Fixture, w: SupplyFixture) {
  const today = todayInRome(new Date());
  const ctr1 = w.contracts['CTR-1']!.id;
  const [ready, printing, stranger] = await db
    .insert(documents)
    .values([
      {
        key: 'DOC-B1',
        customerId: f.mario.id,
        documentType: 'invoice',
        contentType: 'application/pdf',
        status: 'ready',
        title: 'Bolletta B1',
      },
      {
        key: 'DOC-B2',
        customerId: f.mario.id,
        documentType: 'invoice',
        contentType: 'application/pdf',
        status: 'printing',
        title: 'Bolletta B2',
      },
      {
        key: 'DOC-F',
        customerId: f.stranger.id,
        documentType: 'invoice',
        contentType: 'application/pdf',
        status: 'ready',
        title: 'Bolletta di Franco',
      },
    ])
    .returning();
  const bill = (key: string, issueDate: string, dueDate: string, fields: Partial<InvoiceSpec> = {}) =>
    invoiceRow({
      key,
      extKey: `EXT-${key}`,
      companyCode: 'sga',
      customerId: f.mario.id,
      contractId: ctr1,
      number: `2026/SGA/${key}`,
      issueDate,
      dueDate,
      periodStart: '2026-01-01',
      periodEnd: '2026-02-28',
      ...billFigures(SECTIONS, 'Unpaid'),
      ...fields,
    });
  const rows = await db
    .insert(invoices)
    .values([
      // B1: issued 30 days ago, due today: the last day of its window (issue + 30).
      bill('B1', addDays(today, -30), today, { documentId: ready!.id }),
      // B2: issued 31 days ago, due tomorrow: closed yesterday by the 30-day limit.
      bill('B2', addDays(today, -31), addDays(today, 1), { documentId: printing!.id }),
      // B3: due 10 days ago, issued 15 days ago: the last day by the due-date limit (due + 10).
      bill('B3', addDays(today, -15), addDays(today, -10)),
      // B4: due 11 days ago: closed.
      bill('B4', addDays(today, -16), addDays(today, -11)),
      // B5: paid already.
      bill('B5', addDays(today, -5), addDays(today, 15), {
        ...billFigures(SECTIONS, 'Paid'),
        invoiceTypeCode: 4,
      }),
      // B6: in installments, one per status (its first of three installments paid).
      bill('B6', addDays(today, -90), addDays(today, -70), {
        ...billFigures(SECTIONS, 'Installments'),
        paymentLevel: 'Installments',
        invoiceTypeCode: 31,
      }),
      // B7, B8: two more unpaid bills to pay together.
      bill('B7', addDays(today, -3), addDays(today, 17), { amountCents: 2_001, outstandingCents: 2_001 }),
      bill('B8', addDays(today, -2), addDays(today, 18), { amountCents: 3_003, outstandingCents: 1_500 }),
      // BF: Franco's.
      bill('BF', addDays(today, -3), addDays(today, 17), {
        customerId: f.stranger.id,
        contractId: w.contracts['CTR-3']!.id,
        documentId: stranger!.id,
      }),
    ])
    .returning();
  const inv = Object.fromEntries(rows.map((r) => [r.key, r]));
  await db.insert(invoiceSections).values(
    SECTIONS.map((s, i) => ({
      invoiceId: inv.B1!.id,
      position: i + 1,
      title: s.title,
      lines: [...s.lines],
      totalCents: s.totalCents,
    })),
  );
  await db.insert(readings).values([
    {
      supplyId: w.supplies['SUP-1']!.id,
      readingDate: '2025-12-31',
      source: 'distributor',
      status: 'validated',
      values: { F1: 1_000, F2: 500, F3: 700 },
    },
    {
      supplyId: w.supplies['SUP-1']!.id,
      readingDate: '2026-02-28',
      source: 'self',
      status: 'validated',
      values: { F1: 1_150, F2: 620, F3: 830 },
    },
  ]);
  // 3,746 paid 40 days ago, 3,746 overdue by 10 days, 3,748 due in 20 days.
  const plan = await db
    .insert(installments)
    .values(
      installmentPlan({
        invoiceId: inv.B6!.id,
        contractId: ctr1,
        amountCents: BILL_TOTAL,
        today,
      }),
    )
    .returning();
  await db.insert(insolvencies).values([
    {
      customerId: f.mario.id,
      contractId: ctr1,
      amountCents: 4_321,
      sinceDate: addDays(today, -60),
      status: 'Aperta',
    },
    {
      customerId: f.mario.id,
      contractId: ctr1,
      amountCents: 999,
      sinceDate: addDays(today, -400),
      status: 'Chiusa',
    },
  ]);
  return {
    today,
    invoices: inv,
    installments: plan,
    documents: { ready: ready!, printing: printing!, stranger: stranger! },
  };
}

export type BillingFixture = Awaited<ReturnType<typeof insertBillingFixture>>;

export function useBillingTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): TestContext & { world: SupplyFixture; billing: BillingFixture } {
  const ctx = useSupplyTestApp(kind, env) as TestContext & { world: SupplyFixture; billing: BillingFixture };
  beforeAll(async () => {
    // Only Date is frozen: timers stay real, so retries and waits still run.
    vi.useFakeTimers({ toFake: ['Date'], now: FIXED_NOW });
    ctx.billing = await insertBillingFixture(ctx.db, ctx.fixture, ctx.world);
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  return ctx;
}
