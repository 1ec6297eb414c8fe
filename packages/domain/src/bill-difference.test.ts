import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatCents } from './bill';
import { billDifference, DIFFERENCE_PARTS, type BillFacts } from './bill-difference';
import { formatSignedEuro } from './format';

const euro = (cents: number) => formatSignedEuro(cents).replace(/\u00a0/g, ' ');

/**
 * A two-month electricity bill as the demo draws one: energy at `price` cents a kWh, network and
 * system per kWh, a fixed fee per month, excise per kWh, VAT at `vat` %, and a TV licence.
 */
function bill(
  options: {
    start?: string;
    end?: string;
    kwh?: number;
    price?: number;
    fixedPerDay?: number;
    vat?: number;
    licence?: number;
    measured?: number | null;
    readings?: BillFacts['readings'];
    typeCode?: number;
  } = {},
): BillFacts {
  const {
    start = '2026-01-01',
    end = '2026-02-28',
    kwh = 400,
    price = 12,
    fixedPerDay = 20,
    vat = 10,
    licence = 1800,
    readings = 'real',
  } = options;
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
  const energy = [{ units: kwh, amountCents: kwh * price }, { amountCents: fixedPerDay * days }];
  const network = [{ units: kwh, amountCents: kwh * 2 }];
  const taxes = [{ units: kwh, amountCents: Math.round(kwh * 2.27) }];
  const taxable = [...energy, ...network, ...taxes].reduce((sum, l) => sum + l.amountCents, 0);
  const total = (lines: { amountCents: number }[]) => lines.reduce((sum, l) => sum + l.amountCents, 0);
  const vatLine = [{ amountCents: vatCents(taxable, vat) }];
  return {
    invoiceTypeCode: options.typeCode ?? 1,
    cancelled: false,
    periodStart: start,
    periodEnd: end,
    sections: [
      { kind: 'energy', lines: energy, totalCents: total(energy) },
      { kind: 'transport', lines: network, totalCents: total(network) },
      { kind: 'taxes', lines: taxes, totalCents: total(taxes) },
      { kind: 'vat', lines: vatLine, totalCents: total(vatLine) },
      ...(licence
        ? [{ kind: 'other' as const, lines: [{ amountCents: licence }], totalCents: licence }]
        : []),
    ],
    readings,
    measuredQuantity: options.measured === undefined ? kwh : options.measured,
  };
}

const totalOf = (b: BillFacts) => b.sections.reduce((sum, s) => sum + s.totalCents, 0);
const part = (d: ReturnType<typeof billDifference>, kind: (typeof DIFFERENCE_PARTS)[number]) =>
  d.parts.find((p) => p.kind === kind)?.amountCents;

describe('billDifference', () => {
  it('a bill against itself differs by nothing, in every part', () => {
    const same = billDifference(bill(), bill(), 'previous');
    expect(same.status).toBe('explained');
    expect(same.parts.map((p) => p.amountCents)).toEqual(DIFFERENCE_PARTS.map(() => 0));
    expect(same.sentence).toBe('Stesso importo rispetto alla bolletta precedente.');
  });

  it('more days at the same daily use and prices are all "days"', () => {
    // 59 days then 61 days, 400 then 400·61/59 kWh: the same use a day, same prices, no licence.
    const before = bill({ kwh: 590, licence: 0 });
    const after = bill({ start: '2026-03-01', end: '2026-04-30', kwh: 610, licence: 0 });
    const d = billDifference(after, before, 'previous');
    expect(d.totalCents).toBe(totalOf(after) - totalOf(before));
    expect(Math.abs(part(d, 'consumption')!)).toBeLessThanOrEqual(1);
    expect(Math.abs(part(d, 'prices')!)).toBeLessThanOrEqual(1);
    expect(Math.abs(part(d, 'days')! - d.totalCents!)).toBeLessThanOrEqual(2);
    expect(d.sentence.replace(/\u00a0/g, ' ')).toMatch(
      /^\+[\d,]+ € rispetto alla bolletta precedente: \+[\d,]+ € per 2 giorni in più\.$/,
    );
  });

  it('a higher use over the same days is "consumption"; a price rise is "prices"', () => {
    const before = bill({ licence: 0 });
    const more = billDifference(bill({ kwh: 500, licence: 0 }), before, 'previous');
    expect(Math.abs(part(more, 'consumption')! - more.totalCents!)).toBeLessThanOrEqual(1);
    expect(more.sentence.replace(/\u00a0/g, ' ')).toContain(
      `${euro(part(more, 'consumption')!)} per i consumi più alti`,
    );

    const dearer = billDifference(bill({ price: 15, licence: 0 }), before, 'previous');
    // 400 kWh × 3 cents more, with 10 % VAT: 13,20 €.
    expect(part(dearer, 'prices')).toBe(1320);
    expect(dearer.totalCents).toBe(1320);
  });

  it('a TV licence billed once and not the other time is "other"; a VAT rate change is "taxes"', () => {
    const d = billDifference(bill({ licence: 1800 }), bill({ licence: 0 }), 'previous');
    expect(part(d, 'other')).toBe(1800);
    const business = billDifference(bill({ vat: 22, licence: 0 }), bill({ licence: 0 }), 'previous');
    expect(part(business, 'taxes')).toBe(business.totalCents);
  });

  it('a quantity billed beyond what the meter measured is a true-up', () => {
    // The meter measured 400 kWh, the bill charges 520 (120 left from an estimate too low before).
    const d = billDifference(bill({ kwh: 520, measured: 400, licence: 0 }), bill({ licence: 0 }), 'previous');
    expect(part(d, 'consumption')).toBe(0);
    expect(Math.abs(part(d, 'trueUp')! - d.totalCents!)).toBeLessThanOrEqual(1);
    expect(d.sentence).toContain('per il conguaglio di consumi stimati');
  });

  it('estimated readings are said, and their quantity is taken as billed', () => {
    const d = billDifference(bill({ readings: 'estimated', measured: null }), bill(), 'previous');
    expect(part(d, 'trueUp')).toBe(0);
    expect(d.notes).toEqual(['Il consumo di questa bolletta si basa su una lettura stimata.']);
  });

  it('says why when there is nothing to compare', () => {
    expect(billDifference(bill(), null, 'previous')).toMatchObject({
      status: 'none',
      reason: 'first_bill',
      totalCents: null,
      parts: [],
    });
    expect(billDifference(bill(), null, 'lastYear').reason).toBe('no_bill_last_year');
    expect(billDifference(bill({ typeCode: 4 }), bill(), 'previous').reason).toBe('credit_note');
    expect(billDifference(bill({ typeCode: 5 }), bill(), 'previous').reason).toBe('not_comparable');
    expect(billDifference({ ...bill(), cancelled: true }, bill(), 'previous').reason).toBe('cancelled');
    expect(billDifference({ ...bill(), periodStart: null }, bill(), 'previous').reason).toBe('no_period');
  });

  it('a bill whose lines carry no quantity gives the total only', () => {
    const summary: BillFacts = {
      ...bill(),
      sections: [{ kind: 'other', lines: [{ amountCents: 9000 }], totalCents: 9000 }],
    };
    const d = billDifference(bill(), summary, 'previous');
    expect(d).toMatchObject({ status: 'total_only', reason: 'no_detail', parts: [] });
    expect(d.totalCents).toBe(totalOf(bill()) - 9000);
  });
});

/** Any bill: lines of any sign, with or without units, any period of up to 400 days, any readings. */
const anyBill: fc.Arbitrary<BillFacts> = fc
  .record({
    startDay: fc.integer({ min: 0, max: 700 }),
    days: fc.integer({ min: 1, max: 400 }),
    sections: fc.array(
      fc.record({
        kind: fc.constantFrom('energy', 'transport', 'system', 'taxes', 'vat', 'other' as const),
        lines: fc.array(
          fc.record({
            units: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: undefined }),
            amountCents: fc.integer({ min: -500_000, max: 500_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
      }),
      { maxLength: 7 },
    ),
    readings: fc.constantFrom('real', 'estimated', 'missing' as const),
    measured: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: null }),
  })
  .map(({ startDay, days, sections, readings, measured }) => {
    const start = new Date(Date.UTC(2024, 0, 1 + startDay)).toISOString().slice(0, 10);
    const end = new Date(Date.UTC(2024, 0, startDay + days)).toISOString().slice(0, 10);
    return {
      invoiceTypeCode: 1,
      cancelled: false,
      periodStart: start,
      periodEnd: end,
      sections: sections.map((s) => ({
        kind: s.kind,
        lines: s.lines.map((l) => (l.units === undefined ? { amountCents: l.amountCents } : l)),
        totalCents: s.lines.reduce((sum, l) => sum + l.amountCents, 0),
      })),
      readings,
      measuredQuantity: measured,
    };
  });

describe('billDifference, property', () => {
  it('the parts are whole cents that add up exactly to the difference, for any two bills', () => {
    fc.assert(
      fc.property(anyBill, anyBill, (a, b) => {
        const d = billDifference(a, b, 'previous');
        if (d.status !== 'explained') return d.parts.length === 0;
        expect(d.parts.map((p) => p.kind)).toEqual([...DIFFERENCE_PARTS]);
        expect(d.parts.every((p) => Number.isInteger(p.amountCents))).toBe(true);
        expect(d.parts.reduce((sum, p) => sum + p.amountCents, 0)).toBe(d.totalCents);
        expect(d.totalCents).toBe(totalOf(a) - totalOf(b));
        return true;
      }),
      { numRuns: 2000 },
    );
  });

  it('on ordinary bills, rounding moves no part by more than a cent from its exact value', () => {
    // Ordinary bills: positive quantities, the model fits, so the price part gets no leftover.
    const ordinary = fc.record({
      days: fc.integer({ min: 28, max: 95 }),
      kwh: fc.integer({ min: 1, max: 5000 }),
      price: fc.integer({ min: 5, max: 60 }),
      fixedPerDay: fc.integer({ min: 0, max: 80 }),
      vat: fc.constantFrom(10, 22),
      licence: fc.constantFrom(0, 900, 1800),
    });
    const of = (o: {
      days: number;
      kwh: number;
      price: number;
      fixedPerDay: number;
      vat: number;
      licence: number;
    }) => bill({ ...o, end: new Date(Date.UTC(2026, 0, o.days)).toISOString().slice(0, 10) });
    fc.assert(
      fc.property(ordinary, ordinary, (a, b) => {
        const d = billDifference(of(a), of(b), 'previous');
        // Prices the same: the price part is what rounding leaves, at most a cent per part.
        if (a.price === b.price)
          expect(Math.abs(part(d, 'prices')!)).toBeLessThanOrEqual(DIFFERENCE_PARTS.length);
        expect(d.parts.reduce((sum, p) => sum + p.amountCents, 0)).toBe(d.totalCents);
      }),
      { numRuns: 500 },
    );
  });
});
