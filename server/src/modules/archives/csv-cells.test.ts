// The archive's CSV cells (ADR 039): whatever a customer typed is shown as text by a spreadsheet,
// never run as a formula; numbers stay numbers; amounts, days and instants are written the Italian way.
import { describe, expect, it } from 'vitest';
import { toCsv } from './zip.js';

/** The one cell a one-field row writes, as the file holds it. */
const cell = (text: string) =>
  toCsv([{ value: text }])
    .slice(1)
    .split('\r\n')[1];

describe('a CSV cell of the archive', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+39 333 1234567', "'+39 333 1234567"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcalc', "'\tcalc"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['-1)*cmd', "'-1)*cmd"],
    ['+1-1', "'+1-1"],
  ])('escapes %j as a text', (text, escaped) => {
    expect(cell(text)).toBe(escaped);
  });

  it('quotes a carriage return after escaping it', () => {
    expect(cell('\rcalc')).toBe(`"'\rcalc"`);
  });

  it.each(['-12', '+3.5', '-0,75', '42', 'Mario Rossi'])('leaves %j as it is', (text) => {
    expect(cell(text)).toBe(text);
  });

  it('escapes a formula in any field of a row', () => {
    const csv = toCsv([{ note: "-2+3+cmd|' /C calc'!A0", amount: -12 }]);
    expect(csv).toBe("\uFEFFnote;amount\r\n'-2+3+cmd|' /C calc'!A0;-12\r\n");
  });

  it('writes amounts, days, instants and yes/no as an Italian spreadsheet reads them', () => {
    const csv = toCsv([
      {
        issueDate: '2026-03-31',
        toPay: { yoursCents: 8450, byDate: '2026-04-20' },
        totalAmount: -1205,
        answeredAt: '2026-07-01T12:05:00.000Z',
        overdue: true,
      },
    ]);
    expect(csv).toBe(
      '\uFEFFEmessa il;Da pagare – A tuo carico (€);Da pagare – Entro il;Totale (€);Risposta il;Scaduta\r\n' +
        '31/03/2026;84,50;20/04/2026;-12,05;01/07/2026 14:05;sì\r\n',
    );
  });
});
