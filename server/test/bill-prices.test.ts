// The € view and the offer box are the bill (ADR 059): for every bill of every demo customer of every
// brand, each line of the energy section is what the offer box prints (the unit price × the quantity,
// the fixed fee × the months, the power fee × kW × months, a spread over the PSV at the month's
// quotation), every price of the box is billed, and the consumption chart's € summed over the bill's
// months for its supplies equals the bill's "quota energia" lines to the cent.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { erpInvoices } from '@sportello/contract';
import { COMPANY_CODES } from '@sportello/contract';
import { quotations } from '@sportello/db/schema';
import { addDays, energyCents, psvPerThousandSmc, romeWallClock } from '@sportello/domain';
import { useDemoApp } from './demo-app.js';

const USERS = ['mariorossi', 'bianchisrl', 'condominioaurora', 'lucaverdi', 'agenziaenergia', 'giuliaconti'];
/** Bills of whole months the chart covers: ordinary and closing bills (a late adjustment's are before the history). */
const CHARTED_TYPES = new Set([1, 2]);

type Bill = erpInvoices.InvoiceBill;
type Line = Bill['sections'][number]['lines'][number];

const italianNumber = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));
/** "2 mesi" → 2; "3 kW × 1,9 mesi" → [3, 1.9]. */
const numbersOf = (text: string) => [...text.matchAll(/\d[\d.]*(?:,\d+)?/g)].map((m) => italianNumber(m[0]));
const isEnergyLine = (line: Line) => line.label.startsWith('Quota energia');

describe('the € view and the offer box are the bill', () => {
  const demo = useDemoApp();
  async function psvOf(month: string): Promise<number> {
    const [row] = await demo.db
      .select({ price: quotations.priceMilliEuroPerMwh })
      .from(quotations)
      .where(
        and(eq(quotations.quotationType, 'PSV'), eq(quotations.intervalStart, romeWallClock(`${month}-01`))),
      );
    if (!row) throw new Error(`no PSV for ${month}`);
    return row.price;
  }

  /** Every energy-section line is a price of the box at its quantity, and every price is billed. */
  async function checkOfferBox(bill: Bill, where: string) {
    const lines = bill.sections.filter((s) => s.kind === 'energy').flatMap((s) => s.lines);
    // A credit note or a compensation credits money back and charges nothing at the offer.
    if (lines.length === 0) {
      expect(bill.totalCents, where).toBeLessThan(0);
      return;
    }
    expect(bill.frontPage.offers, where).toHaveLength(1);
    const [offer] = bill.frontPage.offers;
    const energy = offer!.prices.find((p) => p.unit === (bill.commodity === 'gas' ? 'Smc' : 'kWh'))!;
    const explained = new Set<Line>();
    for (const line of lines.filter(isEnergyLine)) {
      explained.add(line);
      const units = line.units!;
      if (!energy.hourly) {
        expect(line.amountCents, `${where} ${line.label}`).toBe(Math.round((units * energy.milliEuro) / 10));
      } else if (bill.commodity === 'gas') {
        // "Quota energia ottobre 2026": the month's PSV per Smc plus the offer's spread.
        const [month, year] = line.label.replace('Quota energia ', '').split(' ');
        const months = [
          'gennaio',
          'febbraio',
          'marzo',
          'aprile',
          'maggio',
          'giugno',
          'luglio',
          'agosto',
          'settembre',
          'ottobre',
          'novembre',
          'dicembre',
        ];
        const yearMonth = `${year}-${String(months.indexOf(month!) + 1).padStart(2, '0')}`;
        const index = psvPerThousandSmc(await psvOf(yearMonth));
        expect(line.quantity, where).toContain(
          `PSV ${(index / 1_000_000).toLocaleString('it-IT', { maximumFractionDigits: 4 })} +`,
        );
        expect(line.amountCents, `${where} ${line.label}`).toBe(
          energyCents(
            { milliUnits: units * 1000, milliUnitsTimesIndex: units * 1000 * index },
            energy.milliEuro,
          ),
        );
      }
      // An hourly electricity line prices each hour at its PUN: the chart's € below checks it.
    }
    for (const price of offer!.prices) {
      if (price === energy) continue;
      const billed = lines.filter((l) => l.label.startsWith(price.label));
      expect(billed.length, `${where}: "${price.label}" billed`).toBeGreaterThan(0);
      for (const line of billed) {
        explained.add(line);
        const factors = numbersOf(line.quantity ?? '');
        const product = factors.reduce((a, b) => a * b, 1);
        expect(line.amountCents, `${where} ${line.label} ${line.quantity}`).toBe(
          Math.round((product * price.milliEuro) / 10),
        );
      }
    }
    expect(
      lines.filter((l) => !explained.has(l)).map((l) => l.label),
      `${where}: lines the offer box does not price`,
    ).toEqual([]);
  }

  /** The chart's € over the bill's months, for its supplies, is its quota energia. */
  async function checkChart(bill: Bill, sessionId: string, where: string) {
    const billed = bill.sections
      .filter((s) => s.kind === 'energy')
      .flatMap((s) => s.lines)
      .filter(isEnergyLine)
      .reduce((sum, l) => sum + l.amountCents, 0);
    let charted = 0;
    for (const supply of bill.supplies) {
      const chart = await demo.data(
        `Erp/v1/consumptions?supplyKey=${supply.key}&granularity=month&from=${bill.invoice.periodStart}&to=${addDays(bill.invoice.periodEnd!, 1)}`,
        sessionId,
      );
      for (const point of chart.points as { costCents: Record<string, number> }[])
        charted += Object.values(point.costCents).reduce((a, b) => a + b, 0);
    }
    expect(charted, where).toBe(billed);
  }

  it('prices every demo bill of every brand as its offer box says, and the chart says the same', async () => {
    const seen = { bills: 0, charted: 0, commodities: new Set<string>(), hourly: 0 };
    for (const company of COMPANY_CODES) {
      for (const username of USERS) {
        const sessionId = await demo.logIn(username, company);
        if (!sessionId) continue;
        const { customers } = await demo.data('Erp/v1/customers', sessionId);
        for (const customer of customers) {
          const list = await demo.data(`Erp/v1/invoices?customerId=${customer.id}&pagingTake=100`, sessionId);
          expect(list.invoices.length).toBeLessThan(100);
          for (const invoice of list.invoices as { id: string }[]) {
            const bill: Bill = await demo.data(`Erp/v1/invoices/${invoice.id}/detail`, sessionId);
            const where = `${company} ${username} ${bill.invoice.number} (${bill.commodity}, ${bill.invoice.periodStart}–${bill.invoice.periodEnd})`;
            await checkOfferBox(bill, where);
            seen.bills++;
            seen.commodities.add(bill.commodity);
            if (bill.frontPage.offers[0]?.prices.some((p) => p.hourly)) seen.hourly++;
            if (CHARTED_TYPES.has(bill.invoice.invoiceTypeCode)) {
              await checkChart(bill, sessionId, where);
              seen.charted++;
            }
          }
        }
      }
    }
    expect([...seen.commodities].sort()).toEqual(['electricity', 'gas', 'heat']);
    expect(seen.hourly).toBeGreaterThan(0);
    expect(seen.charted).toBeGreaterThan(100);
  }, 1_200_000);
});
