import { describe, it, expect } from 'vitest';
import { isValidMobilePhone, isValidPhone, normalizePhone, samePhone } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['+39 333 123 4567', '+393331234567'],
    [' 06 1234 5678 ', '0612345678'],
    ['3331234567', '3331234567'],
  ])('%j → %s', (value, expected) => {
    expect(normalizePhone(value)).toBe(expected);
  });
});

describe('isValidPhone', () => {
  it.each([
    '0612345678',
    '06 1234 5678',
    '+39 06 1234567',
    '0039 02 1234567',
    '3331234567',
    '+393331234567',
    '041522',
  ])('accepts %j', (value) => {
    expect(isValidPhone(value)).toBe(true);
  });
  it.each(['12345', '061234567890', '+44 20 7946 0958', '06-1234-5678', '+39', '', 'abc1234567'])(
    'rejects %j',
    (value) => {
      expect(isValidPhone(value)).toBe(false);
    },
  );
});

describe('isValidMobilePhone', () => {
  it.each(['3331234567', '333 123 4567', '+39 347 1234567', '0039 320 123456', '331234567'])(
    'accepts %j',
    (value) => {
      expect(isValidMobilePhone(value)).toBe(true);
    },
  );
  it.each(['0612345678', '33312345678', '33312345', '+39 06 1234567', '4331234567'])(
    'rejects %j',
    (value) => {
      expect(isValidMobilePhone(value)).toBe(false);
    },
  );
});

describe('samePhone', () => {
  it('reads one number through spaces and the Italian prefix, and tells two numbers apart', () => {
    expect(samePhone('333 1234567', '+393331234567')).toBe(true);
    expect(samePhone('00393331234567', '3331234567')).toBe(true);
    expect(samePhone('3331234567', '3331234568')).toBe(false);
    expect(samePhone('+44 3331234567', '3331234567')).toBe(false);
  });
});
