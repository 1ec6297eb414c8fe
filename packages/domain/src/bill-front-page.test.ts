import { describe, expect, it } from 'vitest';
import { billReceipt, receiptKindOf } from './bill';
import { energyReceipt, FRONT_PAGE_PARTS, quotaOf } from './bill-front-page';

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
    const scontrino = energyReceipt(sections, receipt, 200);
    expect(scontrino.quotas).toEqual([
      {
        kind: 'consumption',
        label: 'Quota consumi',
        saleCents: 5_000,
        networkCents: 1_500,
        totalCents: 6_500,
      },
      { kind: 'fixed', label: 'Quota fissa', saleCents: 1_600, networkCents: 400, totalCents: 2_000 },
      { kind: 'power', label: 'Quota potenza', saleCents: 0, networkCents: 1_300, totalCents: 1_300 },
    ]);
    expect(scontrino.others.map((l) => [l.kind, l.amountCents])).toEqual([
      ['taxes', 450],
      ['vat', 1_025],
      ['other', 1_800],
    ]);
    expect(scontrino.consumptionCentsPerUnit).toBe(32.5);
    expect(scontrino.totalCents).toBe(receipt.reduce((sum, l) => sum + l.amountCents, 0));
  });

  it('leaves out an empty power quota (gas) and gives no price per unit on a credit note', () => {
    const sections = [
      section('Storno', [['Storno parziale bolletta n. 1', -2_000]]),
      section('IVA', [['IVA 10%', -200]]),
    ];
    const scontrino = energyReceipt(sections, billReceipt(sections, 'gas'), 0);
    expect(scontrino.quotas.map((q) => q.kind)).toEqual(['consumption']);
    expect(scontrino.consumptionCentsPerUnit).toBeNull();
    expect(scontrino.totalCents).toBe(-2_200);
  });
});
