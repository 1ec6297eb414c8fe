import { describe, expect, it } from 'vitest';
import {
  estimateSentence,
  noticeSupplyLabel,
  priceChangeLine,
  priceChangeNotice,
  WITHDRAWAL,
} from './price-change-notice';

const estimate = {
  from: '2025-11-01',
  to: '2026-11-01',
  quantity: 2_704.2,
  monthsCounted: 12,
  yearlyEffectCents: 3_904,
  vatPercent: 10,
};

describe('the words of a price-change notice', () => {
  it.each([
    [
      { oldMilliEuro: 12, newMilliEuro: 22, hourly: true },
      'Energia: da PUN + 0,012 €/kWh a PUN + 0,022 €/kWh',
    ],
    [{ oldMilliEuro: null, newMilliEuro: 22, hourly: false }, 'Energia: nuovo, 0,022 €/kWh'],
    [{ oldMilliEuro: 12, newMilliEuro: null, hourly: false }, 'Energia: non più applicato (era 0,012 €/kWh)'],
  ])('words a change %o', (change, line) => {
    expect(priceChangeLine({ label: 'Energia', unit: 'kWh', ...change })).toBe(line);
  });

  it('says the estimate with its basis, scaled when fewer months had a figure, or why there is none', () => {
    expect(estimateSentence(estimate, 'kWh')).toBe(
      'Per te circa +39\u00a0€ all’anno, stimato sui tuoi consumi degli ultimi 12 mesi (2.704 kWh da novembre 2025 a ottobre 2026), IVA inclusa.',
    );
    expect(estimateSentence({ ...estimate, monthsCounted: 4, quantity: 900 }, 'Smc')).toContain(
      '(900 Smc in 4 mesi da novembre 2025 a ottobre 2026, riportati a un anno)',
    );
    expect(estimateSentence(null, 'kWh')).toMatch(/^Non abbiamo consumi degli ultimi 12 mesi/);
  });

  it('writes the letter: date, what changes, the estimate, the last day to switch and how to withdraw', () => {
    const { title, body } = priceChangeNotice({
      reference: 'VAR-2026-ABC123',
      offerName: 'Luce Oraria',
      supply: noticeSupplyLabel({
        nickname: 'Casa',
        commodity: 'electricity',
        pointCode: 'IT001E00000001',
        address: 'Via Garibaldi 1',
        locality: 'Roma',
      }),
      effectiveOn: '2027-03-01',
      changes: [
        { label: 'Quota fissa', unit: 'month', hourly: false, oldMilliEuro: 9_000, newMilliEuro: 10_000 },
      ],
      estimate,
      unit: 'kWh',
    });
    expect(title).toBe('Cambiano i prezzi della tua offerta Luce Oraria');
    expect(body.split('\n\n')).toEqual([
      'Dal 1 marzo 2027 cambiano le condizioni economiche dell’offerta Luce Oraria della fornitura Casa (POD IT001E00000001), Via Garibaldi 1, Roma.',
      'Cosa cambia:',
      'Quota fissa: da 9,00 €/mese a 10,00 €/mese',
      estimateSentence(estimate, 'kWh'),
      'Puoi cambiare fornitore o offerta senza penali fino al 28 febbraio 2027. Se non fai nulla, dal 1 marzo 2027 si applicano i nuovi prezzi.',
      WITHDRAWAL,
      'Rif. VAR-2026-ABC123. Comunicazione di variazione unilaterale ai sensi dell’art. 13 del Codice di condotta commerciale ARERA.',
    ]);
  });
});
