import { describe, expect, it } from 'vitest';
import { billReceipt, receiptKindOf } from './bill';
import {
  complaintChannels,
  energyReceipt,
  FRONT_PAGE_PARTS,
  otherLineKindOf,
  quotaOf,
  quotaQuantityText,
  yearlyConsumption,
} from './bill-front-page';

const section = (title: string, lines: [string, number][]) => ({
  title,
  kind: receiptKindOf(title),
  lines: lines.map(([label, amountCents]) => ({ label, amountCents })),
  totalCents: lines.reduce((sum, [, cents]) => sum + cents, 0),
});

describe('the 2025 front page', () => {
  it('keeps what to pay first and the detail elements last', () => {
    expect(FRONT_PAGE_PARTS.map((p) => p.id)).toEqual(['payment', 'supply', 'receipt', 'offer', 'details']);
  });

  it('reads a line’s quota from its label', () => {
    expect(quotaOf('Quota potenza')).toBe('power');
    expect(quotaOf('Quota fissa di commercializzazione')).toBe('fixed');
    expect(quotaOf('Quota energia')).toBe('consumption');
    expect(quotaOf('Quota variabile')).toBe('consumption');
  });

  it('regroups an electricity bill into quotas with sale and network shares, the rest apart, to the same total', () => {
    const sections = [
      section('Spesa per la materia energia', [
        ['Quota energia', 5_000],
        ['Quota fissa di commercializzazione', 1_600],
      ]),
      section('Spesa per il trasporto e la gestione del contatore', [
        ['Quota variabile', 800],
        ['Quota fissa', 400],
        ['Quota potenza', 1_300],
      ]),
      section('Spesa per oneri di sistema', [['Quota variabile', 700]]),
      section('Imposte', [["Accisa sull'energia elettrica", 450]]),
      section('IVA', [['IVA 10%', 1_025]]),
      section('Altre partite', [['Canone di abbonamento alla televisione', 1_800]]),
    ];
    const receipt = billReceipt(sections, 'electricity');
    const scontrino = energyReceipt(sections, receipt, { quantity: 200, unit: 'kWh', days: 61 });
    expect(scontrino.quotas).toEqual([
      {
        kind: 'consumption',
        label: 'Quota consumi',
        saleCents: 5_000,
        networkCents: 1_500,
        totalCents: 6_500,
        quantity: 200,
        unit: 'kWh',
        unitCents: 32.5,
        priceUnit: 'kWh',
      },
      {
        kind: 'fixed',
        label: 'Quota fissa',
        saleCents: 1_600,
        networkCents: 400,
        totalCents: 2_000,
        quantity: 61,
        unit: 'giorni',
        unitCents: 32.79,
        priceUnit: 'giorno',
      },
      {
        kind: 'power',
        label: 'Quota potenza',
        saleCents: 0,
        networkCents: 1_300,
        totalCents: 1_300,
        quantity: 61,
        unit: 'giorni',
        unitCents: 21.31,
        priceUnit: 'giorno',
      },
    ]);
    expect(scontrino.quotas.map(quotaQuantityText)).toEqual([
      '200 kWh × 32,50 cent/kWh',
      '61 giorni × 32,79 cent/giorno',
      '61 giorni × 21,31 cent/giorno',
    ]);
    // The TV licence on a line of its own, not as "altre partite".
    expect(scontrino.others).toEqual([
      { kind: 'taxes', label: 'Imposte', amountCents: 450 },
      { kind: 'vat', label: 'IVA', amountCents: 1_025 },
      { kind: 'tv_licence', label: 'Canone TV', amountCents: 1_800 },
      { kind: 'other', label: 'Altre partite', amountCents: 0 },
    ]);
    expect(scontrino.consumptionCentsPerUnit).toBe(32.5);
    expect(scontrino.totalCents).toBe(receipt.reduce((sum, l) => sum + l.amountCents, 0));
  });

  it('leaves out an empty power quota (gas) and gives no price per unit on a credit note', () => {
    const sections = [
      section('Storno', [['Storno parziale bolletta n. 1', -2_000]]),
      section('IVA', [['IVA 10%', -200]]),
    ];
    const scontrino = energyReceipt(sections, billReceipt(sections, 'gas'), {
      quantity: 0,
      unit: 'Smc',
      days: null,
    });
    expect(scontrino.quotas.map((q) => q.kind)).toEqual(['consumption']);
    expect(scontrino.consumptionCentsPerUnit).toBeNull();
    expect(scontrino.quotas[0]!.quantity).toBeNull();
    expect(quotaQuantityText(scontrino.quotas[0]!)).toBe('');
    expect(scontrino.totalCents).toBe(-2_200);
  });

  it('says the social bonus, the TV licence and the compensations apart from what else is there', () => {
    expect(otherLineKindOf('Canone di abbonamento alla televisione')).toBe('tv_licence');
    expect(otherLineKindOf('Canone RAI')).toBe('tv_licence');
    expect(otherLineKindOf('Bonus sociale elettrico')).toBe('social_bonus');
    expect(otherLineKindOf('Indennizzo automatico per la risposta oltre i termini')).toBe('compensation');
    expect(otherLineKindOf('Interessi di mora')).toBe('other');
    const sections = [
      section('Spesa per la materia energia', [['Quota energia', 5_000]]),
      section('IVA', [['IVA 10%', 500]]),
      section('Altre partite', [
        ['Canone di abbonamento alla televisione', 1_800],
        ['Interessi di mora', 120],
      ]),
      section('Bonus sociale', [['Bonus sociale elettrico', -4_000]]),
      section('Indennizzi automatici', [['Indennizzo automatico per la risposta oltre i termini', -2_500]]),
    ];
    const receipt = billReceipt(sections, 'electricity');
    const scontrino = energyReceipt(sections, receipt, { quantity: 100, unit: 'kWh', days: 30 });
    expect(scontrino.others.map((l) => [l.kind, l.label, l.amountCents])).toEqual([
      ['taxes', 'Imposte', 0],
      ['vat', 'IVA', 500],
      ['tv_licence', 'Canone TV', 1_800],
      ['social_bonus', 'Bonus sociale', -4_000],
      ['other', 'Altre partite', 120],
      ['compensation', 'Indennizzi automatici', -2_500],
    ]);
    expect(scontrino.totalCents).toBe(receipt.reduce((sum, l) => sum + l.amountCents, 0));
  });

  it('counts the yearly consumption over the bills of the twelve months ending with the bill', () => {
    const bills = [
      { periodStart: '2025-09-01', periodEnd: '2025-10-31', quantity: 999 },
      { periodStart: '2025-11-01', periodEnd: '2025-12-31', quantity: 300 },
      { periodStart: '2026-01-01', periodEnd: '2026-08-31', quantity: 1_200 },
      { periodStart: '2026-09-01', periodEnd: '2026-10-31', quantity: 442 },
      // A later bill and a bill without units are not counted.
      { periodStart: '2026-11-01', periodEnd: '2026-11-30', quantity: 200 },
      { periodStart: '2026-02-01', periodEnd: '2026-02-28', quantity: null },
    ];
    expect(yearlyConsumption(bills, '2026-10-31')).toEqual({
      quantity: 1_942,
      from: '2025-11-01',
      to: '2026-10-31',
    });
    // A younger contract: from its first bill.
    expect(yearlyConsumption(bills.slice(3, 4), '2026-10-31')).toEqual({
      quantity: 442,
      from: '2026-09-01',
      to: '2026-10-31',
    });
    expect(yearlyConsumption(bills, null)).toBeNull();
    expect(yearlyConsumption([], '2026-10-31')).toBeNull();
  });

  it('names the ways to file a complaint with the supplier’s address', () => {
    const channels = complaintChannels({
      legalName: 'Sole Gas Acqua S.p.A.',
      legalAddress: 'Corso Magenta 8, 20123 Milano',
    });
    expect(channels.howToFile).toContain('per posta a Sole Gas Acqua S.p.A., Corso Magenta 8, 20123 Milano');
    expect(channels.howToFile).toContain('senza account');
    expect(channels.howToFile).toContain('area clienti');
    expect(channels.nextSteps).toContain('Servizio Conciliazione');
  });
});
