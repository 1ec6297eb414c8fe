import { describe, it, expect } from 'vitest';
import {
  documentFileName,
  elideBeforeNumbers,
  formatDate,
  formatDateLong,
  formatDateTimeRome,
  formatEuro,
  formatSignedEuro,
} from './format';

// Intl separates the euro sign with a non-breaking space; compare on plain spaces.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatEuro', () => {
  it.each([
    [123456, '1.234,56 €'],
    [100000000, '1.000.000,00 €'],
    [99999, '999,99 €'],
    [5, '0,05 €'],
    [0, '0,00 €'],
    [-1999, '-19,99 €'],
  ])('%i cents → %s', (cents, expected) => {
    expect(plain(formatEuro(cents))).toBe(expected);
  });
});

describe('formatSignedEuro', () => {
  it.each([
    [4217, '+42,17 €'],
    [-305, '-3,05 €'],
    [0, '0,00 €'],
    [123456, '+1.234,56 €'],
  ])('%i cents → %s', (cents, expected) => {
    expect(plain(formatSignedEuro(cents))).toBe(expected);
  });
});

describe('formatDate', () => {
  it.each([
    ['2026-11-21', '21/11/2026'],
    ['2026-01-05', '05/01/2026'],
    ['2024-02-29', '29/02/2024'],
  ])('%s → %s', (iso, expected) => {
    expect(formatDate(iso)).toBe(expected);
  });

  it.each(['2026-02-30', '21/11/2026'])('rejects %s', (iso) => {
    expect(() => formatDate(iso)).toThrow(RangeError);
  });
});

describe('formatDateLong', () => {
  it.each([
    ['2026-11-21', '21 novembre 2026'],
    ['2026-01-01', '1 gennaio 2026'],
    ['2026-03-29', '29 marzo 2026'], // DST change day must not slip to the 28th
    ['2024-12-31', '31 dicembre 2024'],
  ])('%s → %s', (iso, expected) => {
    expect(formatDateLong(iso)).toBe(expected);
  });

  it('rejects an impossible date', () => {
    expect(() => formatDateLong('2026-04-31')).toThrow(RangeError);
  });
});

describe('formatDateTimeRome', () => {
  it.each([
    ['2026-11-27T13:05:00Z', '27 novembre 2026 alle ore 14:05'], // winter: UTC+1
    ['2026-07-01T22:30:00Z', '2 luglio 2026 alle ore 00:30'], // summer: UTC+2, the next day in Rome
  ])('%s → %s', (instant, expected) => {
    expect(formatDateTimeRome(instant)).toBe(expected);
    expect(formatDateTimeRome(new Date(instant))).toBe(expected);
  });
});

describe('elideBeforeNumbers', () => {
  it.each([
    ['Scaduta il 11 ottobre 2026', 'Scaduta l’11 ottobre 2026'],
    ['entro il 8 dicembre', 'entro l’8 dicembre'],
    ['Il 11 marzo', 'L’11 marzo'],
    ['dal 11 al 18 maggio', 'dall’11 al 18 maggio'],
    ['fino al 8 giugno, del 81 per cento', 'fino all’8 giugno, dell’81 per cento'],
    [
      'il 1 ottobre, il 10 ottobre, il 18 ottobre, il 110',
      'il 1 ottobre, il 10 ottobre, il 18 ottobre, il 110',
    ],
    ['il 11,50 €', 'l’11,50 €'],
    // The PDFs' dates are written 08/11/2026: "zero otto" is read "otto".
    ['Emessa il 08/11/2026, addebito il 11/12/2026', 'Emessa l’08/11/2026, addebito l’11/12/2026'],
    ['il 0,80 €, il 05/11/2026', 'il 0,80 €, il 05/11/2026'],
    ['Il profilo del 2026', 'Il profilo del 2026'],
  ])('"%s" → "%s"', (text, elided) => expect(elideBeforeNumbers(text)).toBe(elided));
});

describe('documentFileName', () => {
  it.each([
    [
      'Bolletta n. 2026/SGA/00000014 del 23 settembre 2026',
      'Bolletta n. 2026-SGA-00000014 del 23 settembre 2026.pdf',
    ],
    ['Luce Oraria', 'Luce Oraria.pdf'],
    ['  a:b*c?  ', 'a-b-c-.pdf'],
    ['...', 'documento.pdf'],
  ])('"%s" → "%s"', (title, name) => expect(documentFileName(title)).toBe(name));
});
