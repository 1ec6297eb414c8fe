import { isValidIban, isValidVatNumber } from '@sportello/domain';
import { describe, expect, it } from 'vitest';
import { ibanCheckDigits, italianIban, pointCode, vatNumber } from './identifiers.js';
import { Rng } from '../engine/prng.js';

describe('identifiers', () => {
  it('computes IBAN check digits with mod 97 (the textbook Italian example)', () => {
    expect(ibanCheckDigits('IT', 'X0542811101000000123456')).toBe('60');
  });

  it('generates valid Italian IBANs (CIN included) and VAT numbers', () => {
    const rng = new Rng(42);
    for (let i = 0; i < 500; i++) {
      const { iban } = italianIban(rng);
      expect(isValidIban(iban), iban).toBe(true);
      expect(isValidVatNumber(vatNumber(rng))).toBe(true);
    }
  });

  it('gives unique point codes of the right shape', () => {
    const pods = new Set<string>();
    const pdrs = new Set<string>();
    for (let n = 1; n <= 20_000; n++) {
      pods.add(pointCode.electricity(n));
      pdrs.add(pointCode.gas(n));
    }
    expect(pods.size).toBe(20_000);
    expect(pdrs.size).toBe(20_000);
    expect([...pods].every((p) => /^IT001E\d{8}$/.test(p))).toBe(true);
    expect([...pdrs].every((p) => /^\d{14}$/.test(p))).toBe(true);
    expect(pointCode.heat(1)).toMatch(/^TLR\d{7}$/);
  });

  it('draws the same numbers for the same seed', () => {
    const a = Rng.of(1, 'x');
    const b = Rng.of(1, 'x');
    const c = Rng.of(2, 'x');
    const draw = (r: Rng) => Array.from({ length: 5 }, () => r.int(0, 1_000_000));
    expect(draw(a)).toEqual(draw(b));
    expect(draw(Rng.of(1, 'x'))).not.toEqual(draw(c));
  });
});
