import { describe, expect, it } from 'vitest';
import { paymentNoticeCode } from './payment-notice';

describe('paymentNoticeCode', () => {
  it('is 18 digits: aux 3, segregation code, bill, check digits modulo 93', () => {
    expect(paymentNoticeCode(4, 437)).toBe('304000000000043742');
    // 3040000000000437 mod 93 = 42
    expect(Number(3040000000000437n % 93n)).toBe(42);
  });
  it('is the same for the same bill and differs between bills and creditors', () => {
    expect(paymentNoticeCode(1, 12)).toBe(paymentNoticeCode(1, 12));
    expect(paymentNoticeCode(1, 12)).not.toBe(paymentNoticeCode(1, 13));
    expect(paymentNoticeCode(1, 12)).not.toBe(paymentNoticeCode(2, 12));
    expect(paymentNoticeCode(99, 9_999_999_999_999)).toMatch(/^3\d{17}$/);
  });
});
