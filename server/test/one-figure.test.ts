// One fact, one figure: for bills of every commodity of the demo world, the consumption
// chart of the bill's period, the bill detail answer and the PDF bill say the same thing: the billed
// quantity, its bands, the readings of the bill's own period, the contractual power, the commodity's
// own words; and mariorossi's price-change notice says the domain's estimate on the chart's months
// (ADR 035). (The bill page renders the detail answer; e2e/specs/invoices.spec.ts reads it in a browser.)
import { describe, expect, it } from 'vitest';
import type { erpInvoices, erpPriceChanges } from '@sportello/contract';
import {
  addDays,
  estimateUnilateralChange,
  formatEuro,
  formatYearlyEffect,
  quotaQuantityText,
  registerName,
  tvLicenceMonths,
} from '@sportello/domain';
import { useDemoApp } from './demo-app.js';
import { pdfText } from './pdf-text.js';

const number = (n: number) => new Intl.NumberFormat('it-IT').format(n);
const euro = (cents: number) => formatEuro(cents).replace(/\u00a0/g, ' ');

type Bill = erpInvoices.InvoiceBill;

describe('one figure per fact across chart, bill detail and PDF', () => {
  const demo = useDemoApp();

  /** The ordinary bills of the user's first customer, newest first, a few of each commodity. */
  async function sampleBills(sessionId: string): Promise<Bill[]> {
    const [customer] = (await demo.data('Erp/v1/customers', sessionId)).customers;
    const list = await demo.data(
      `Erp/v1/invoices?customerId=${customer.id}&typeCodes=1&pagingTake=100`,
      sessionId,
    );
    const bills: Bill[] = [];
    for (const invoice of list.invoices)
      bills.push(await demo.data(`Erp/v1/invoices/${invoice.id}/detail`, sessionId));
    const byCommodity = new Map<string, Bill[]>();
    for (const bill of bills) {
      const commodity = bill.supplies[0]?.commodity ?? '';
      byCommodity.set(commodity, [...(byCommodity.get(commodity) ?? []), bill]);
    }
    // The newest two (hourly curve where there is one) and the oldest (read from month-end readings).
    return [...byCommodity.values()].flatMap((of) => [...new Set([...of.slice(0, 2), of.at(-1)!])]);
  }

  it.each([
    ['mariorossi', ['electricity', 'gas', 'heat']],
    ['bianchisrl', ['electricity', 'gas']],
    ['condominioaurora', ['gas', 'heat']],
  ])(
    '%s: every sampled bill says one figure for each fact',
    async (username, commodities) => {
      const sessionId = await demo.logIn(username);
      const bills = await sampleBills(sessionId);
      expect([...new Set(bills.map((b) => b.supplies[0]?.commodity))].sort()).toEqual(
        [...commodities].sort(),
      );

      for (const bill of bills) {
        const invoice = {
          ...bill.invoice,
          periodStart: bill.invoice.periodStart!,
          periodEnd: bill.invoice.periodEnd!,
        };
        const where = `${username} bill ${invoice.id} (${bill.commodity}, ${invoice.periodStart}–${invoice.periodEnd})`;
        expect(bill.commodity, where).toBe(bill.supplies[0]?.commodity);
        const quantity = bill.consumption.quantity;
        expect(quantity, where).toBeGreaterThan(0);

        // The billed lines (a quota energia a month and band) charge the quantity the bill says it bills.
        const quotaEnergia = bill.sections[0]?.lines.filter((l) => l.label.startsWith('Quota energia')) ?? [];
        expect(
          quotaEnergia.reduce((sum, l) => sum + (l.units ?? 0), 0),
          where,
        ).toBe(quantity);

        let charted = 0;
        let banded = 0;
        for (const supply of bill.supplies) {
          // The readings are those of the bill's own period, and their bands add up.
          expect(supply.readings.start?.date, where).toBe(addDays(invoice.periodStart, -1));
          expect(supply.readings.end?.date, where).toBe(invoice.periodEnd);
          expect(
            Object.values(supply.consumptionByBand).reduce((a, b) => a + b, 0),
            where,
          ).toBe(supply.consumption);
          banded += supply.consumption;

          const chart = await demo.data(
            `Erp/v1/consumptions?supplyKey=${supply.key}&granularity=month&from=${invoice.periodStart}&to=${addDays(invoice.periodEnd, 1)}`,
            sessionId,
          );
          charted += chart.points.reduce(
            (sum: number, p: { milliUnits: Record<string, number> }) =>
              sum + Object.values(p.milliUnits).reduce((a, b) => a + b, 0),
            0,
          );
          if (bill.commodity !== 'electricity') expect(chart.bands, where).toEqual(['TOT']);

          // 'Quota potenza' names the supply's contractual power.
          const detail = await demo.data(
            `Erp/v1/supplies/${supply.key}?includeTechnicalData=true`,
            sessionId,
          );
          const power = detail.technicalData?.contractualPowerKw;
          const potenza = bill.sections.flatMap((s) => s.lines).find((l) => l.label === 'Quota potenza');
          if (potenza && typeof power === 'number') {
            expect(potenza.quantity, where).toContain(`${number(power)} kW ×`);
          }
        }
        expect(banded, where).toBe(quantity);
        expect(charted / 1000, where).toBe(quantity);

        // The gas bill speaks of gas.
        const energyLabel = bill.receipt.find((l) => l.kind === 'energy')?.label;
        if (bill.commodity === 'gas') expect(energyLabel).toBe('Spesa per la materia gas naturale');

        // The PDF prints the same figures (one still printing has none yet).
        expect(invoice.documentId, where).not.toBeNull();
        if (!(await demo.data(`Erp/v1/documents/${invoice.documentId}/exists`, sessionId)).exists) continue;
        const document = await demo.data(`Erp/v1/documents/${invoice.documentId}`, sessionId);
        const text = (await pdfText(Buffer.from(document.data, 'base64'))).replace(/\s+/g, ' ');
        expect(text, where).toContain(
          `Consumo fatturato nel periodo ${number(quantity)} ${bill.consumption.unit}`,
        );
        expect(text, where).toContain(bill.supplies[0]!.pointCode);
        if (bill.commodity === 'gas') {
          expect(text, where).toContain('Spesa per la materia gas naturale');
          expect(text, where).not.toContain('materia energia');
        }
        // Registers by the name the readings page gives them: no 'Fascia VOL' on a gas bill.
        for (const band of Object.keys(bill.supplies[0]!.consumptionByBand)) {
          expect(text, where).toContain(registerName(band));
        }
        expect(text, where).not.toMatch(/\bVOL\b/);

        // The 2025 front page (ADR 031): the scontrino regroups the same sections into quotas and
        // adds up to the bill; the PDF prints each of its rows and the offer's code as the answer says.
        const scontrino = bill.frontPage.energyReceipt;
        expect(scontrino.totalCents, where).toBe(bill.totalCents);
        const consumptionQuota = scontrino.quotas.find((q) => q.kind === 'consumption')!;
        expect(consumptionQuota.saleCents, where).toBe(
          bill.sections
            .filter((s) => s.kind === 'energy')
            .flatMap((s) => s.lines)
            .filter((l) => l.label.startsWith('Quota energia'))
            .reduce((sum, l) => sum + l.amountCents, 0),
        );
        for (const quota of scontrino.quotas) {
          // Each quota as quantity × unit price (none on a credit), then its shares.
          const measure = quotaQuantityText(quota);
          expect(text, where).toContain(
            `${quota.label} ${measure ? `${measure} ` : ''}${euro(quota.saleCents)} ${euro(quota.networkCents)} ${euro(quota.totalCents)}`,
          );
        }
        for (const line of scontrino.others)
          expect(text, where).toContain(`${line.label} ${euro(line.amountCents)}`);
        expect(text, where).toContain(`Totale bolletta ${euro(scontrino.totalCents)}`);
        expect(bill.frontPage.offers.length, where).toBeGreaterThan(0);
        for (const offer of bill.frontPage.offers)
          expect(text, where).toContain(`Codice offerta ${offer.code}`);
        // The parts in the rule's order, what to pay first.
        const at = bill.frontPage.parts.map((part) => text.indexOf(part.title));
        expect(at.every((i) => i >= 0) && at.every((i, n) => n === 0 || i > at[n - 1]!), where).toBe(true);
      }
    },
    120_000,
  );

  it('a credit note reads as money owed back, a paid bill as paid, and the TV licence stays out of the average', async () => {
    const sessionId = await demo.logIn('mariorossi');
    const [customer] = (await demo.data('Erp/v1/customers', sessionId)).customers;
    const list = await demo.data(`Erp/v1/invoices?customerId=${customer.id}&pagingTake=100`, sessionId);
    const pdfOf = async (documentId: string) =>
      (
        await pdfText(
          Buffer.from((await demo.data(`Erp/v1/documents/${documentId}`, sessionId)).data, 'base64'),
        )
      ).replace(/\s+/g, ' ');

    const note = list.invoices.find((i: { invoiceTypeCode: number }) => i.invoiceTypeCode === 4);
    const credit: Bill = await demo.data(`Erp/v1/invoices/${note.id}/detail`, sessionId);
    expect(credit.totalCents).toBeLessThan(0);
    expect(credit.averageCentsPerUnit).toBeNull();
    // Its VAT mirrors the bill's: half away from zero on the absolute value.
    const taxable = credit.sections.find((s) => s.title === 'Storno')!;
    const vat = credit.sections.find((s) => s.title === 'IVA')!;
    const rate = Number(/IVA (\d+)%/.exec(vat.lines[0]!.label)![1]);
    expect(vat.totalCents).toBe(-Math.round((Math.abs(taxable.totalCents) * rate) / 100));
    const noteText = await pdfOf(note.documentId);
    expect(noteText).toContain(`Importo a tuo credito ${euro(-credit.totalCents)}`);
    expect(noteText).not.toContain('Totale da pagare');

    const paid = list.invoices.find(
      (i: { invoiceTypeCode: number; outstandingCents: number }) =>
        i.invoiceTypeCode === 1 && i.outstandingCents === 0,
    );
    const paidText = await pdfOf(paid.documentId);
    expect(paidText).toContain('Bolletta pagata');
    expect(paidText).not.toContain('Totale da pagare');

    // Electricity bills: the licence only for January–October, and never in the average cost.
    for (const invoice of list.invoices.filter((i: { invoiceTypeCode: number }) => i.invoiceTypeCode === 1)) {
      const bill: Bill = await demo.data(`Erp/v1/invoices/${invoice.id}/detail`, sessionId);
      if (bill.commodity !== 'electricity') continue;
      const licence = bill.receipt.find((l) => l.kind === 'other')!.amountCents;
      const months = tvLicenceMonths(bill.invoice.periodStart!, bill.invoice.periodEnd!);
      expect(licence, `${bill.invoice.periodStart}`).toBe(months * 900);
      const energy = bill.totalCents - licence;
      expect(bill.averageCentsPerUnit).toBe(Math.round((energy / bill.consumption.quantity) * 100) / 100);
    }
  }, 120_000);

  it('a bill is compared only with bills of its own supply: the previous one and the same period last year', async () => {
    const sessionId = await demo.logIn('mariorossi');
    const [customer] = (await demo.data('Erp/v1/customers', sessionId)).customers;
    const list = await demo.data(
      `Erp/v1/invoices?customerId=${customer.id}&typeCodes=1&pagingTake=100`,
      sessionId,
    );
    const newest = list.invoices[0];
    const bill: Bill = await demo.data(`Erp/v1/invoices/${newest.id}/detail`, sessionId);
    const comparable = await demo.data(`Erp/v1/invoices/${newest.id}/comparable`, sessionId);
    expect(comparable.invoices.length).toBeGreaterThan(0);
    for (const other of comparable.invoices) {
      const detail: Bill = await demo.data(`Erp/v1/invoices/${other.id}/detail`, sessionId);
      expect(detail.commodity).toBe(bill.commodity);
      expect(detail.supplies.map((s) => s.key)).toEqual(bill.supplies.map((s) => s.key));
    }
    expect(comparable.previous.periodEnd).toBe(addDays(bill.invoice.periodStart!, -1));
    expect(comparable.lastYear.periodStart).toBe(
      `${Number(bill.invoice.periodStart!.slice(0, 4)) - 1}${bill.invoice.periodStart!.slice(4)}`,
    );
  }, 120_000);

  it('mariorossi’s price change: the notice’s estimate is the domain’s figure on the chart’s months', async () => {
    const sessionId = await demo.logIn('mariorossi');
    const [customer] = (await demo.data('Erp/v1/customers', sessionId)).customers;
    const { priceChanges } = await demo.data(`Erp/v1/priceChanges?customerKey=${customer.id}`, sessionId);
    expect(priceChanges).toHaveLength(1);
    const [notice] = priceChanges as erpPriceChanges.PriceChange[];
    expect(notice!.supply.commodity).toBe('electricity');
    const supplyPage = await demo.data(`Erp/v1/supplies/${notice!.supply.id}/priceChanges`, sessionId);
    expect(supplyPage.priceChanges).toEqual(priceChanges);
    const { estimate } = notice!;
    const chart = await demo.data(
      `Erp/v1/consumptions?supplyKey=${notice!.supply.key}&from=${estimate!.from}&to=${estimate!.to}&granularity=month`,
      sessionId,
    );
    const uses = (chart.points as { period: string; milliUnits: Record<string, number> }[]).map((p) => ({
      month: p.period,
      quantity: Object.values(p.milliUnits).reduce((a, b) => a + b, 0) / 1000,
    }));
    expect(uses).toHaveLength(12);
    const expected = estimateUnilateralChange({
      uses,
      changes: notice!.changes,
      contractualPowerKw: 3,
      // The demo's mariorossi is a household.
      customerType: 'private',
      commodity: 'electricity',
      today: notice!.noticeOn,
    });
    expect(estimate).toEqual({ ...expected, unit: 'kWh' });
    // The message is the notice and says the same figure.
    const message = await demo.data(`Erp/v1/messages/${notice!.message!.key}`, sessionId);
    expect(message.body).toContain(
      `Per te circa ${formatYearlyEffect(estimate!.yearlyEffectCents)} all’anno`,
    );
  }, 120_000);
});
