import { describe, it, expect } from 'vitest';
import {
  isDigitsOnly,
  isRequired,
  isValidEmail,
  isValidOtpCode,
  isValidPostalCode,
  isValidUsername,
} from './text-validators';

describe('isRequired', () => {
  it.each(['a', ' Mario ', '0', '\tx'])('accepts %j', (value) => {
    expect(isRequired(value)).toBe(true);
  });
  it.each(['', ' ', '   ', '\t\n', null, undefined])('rejects %j', (value) => {
    expect(isRequired(value)).toBe(false);
  });
});

describe('isDigitsOnly', () => {
  it.each(['0', '0123456789', '00100'])('accepts %j', (value) => {
    expect(isDigitsOnly(value)).toBe(true);
  });
  it.each(['', '12a', '12 34', '-1', '1.5', '１２'])('rejects %j', (value) => {
    expect(isDigitsOnly(value)).toBe(false);
  });
});

describe('isValidEmail', () => {
  it.each([
    'mario.rossi@example.it',
    'info@sgr-energia.com',
    'first.last+bollette@mail.co.uk',
    "d'amico@libero.it",
    'A.B@Example.INFO',
  ])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });
  it.each([
    'mario.rossi',
    'mario@example',
    'mario@example.i',
    'mario@example.museum', // top-level domain longer than 4
    'mario@example.i1',
    '@example.it',
    'mario@@example.it',
    'mario rossi@example.it',
    'mario@.it',
    'mario@example..it',
    ' mario@example.it',
  ])('rejects %j', (value) => {
    expect(isValidEmail(value)).toBe(false);
  });
});

describe('isValidUsername', () => {
  it.each(['abc', 'MarioRossi80', '123', 'a'.repeat(50)])('accepts %s', (value) => {
    expect(isValidUsername(value)).toBe(true);
  });
  it.each(['ab', 'a'.repeat(51), 'mario.rossi', 'mario_rossi', 'mario rossi', 'niccolò', ''])(
    'rejects %j',
    (value) => {
      expect(isValidUsername(value)).toBe(false);
    },
  );
});

describe('isValidOtpCode', () => {
  it.each(['0000', '1234', '9071'])('accepts %s', (value) => {
    expect(isValidOtpCode(value)).toBe(true);
  });
  it.each(['123', '12345', '12a4', ' 1234', ''])('rejects %j', (value) => {
    expect(isValidOtpCode(value)).toBe(false);
  });
});

describe('isValidPostalCode', () => {
  it.each(['00184', '20121', '80100', '98168'])('accepts %s', (value) => {
    expect(isValidPostalCode(value)).toBe(true);
  });
  it.each(['0018', '001844', '2012A', '20 121', ''])('rejects %j', (value) => {
    expect(isValidPostalCode(value)).toBe(false);
  });
});
