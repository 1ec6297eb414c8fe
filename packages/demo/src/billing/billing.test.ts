import { COMPANY_CODES } from '@sportello/contract';
import { describe, expect, it } from 'vitest';
import { billNumber } from './billing.js';

describe('billNumber', () => {
  it("carries the issuing brand's code, the year of issue and the brand's own serial", () => {
    expect(billNumber('sga', '2026-03-16', 42)).toBe('2026/SGA/00000042');
    for (const code of COMPANY_CODES) {
      expect(billNumber(code, '2025-12-31', 1)).toBe(`2025/${code.toUpperCase()}/00000001`);
    }
  });
});
