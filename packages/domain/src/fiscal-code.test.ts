import { describe, it, expect } from 'vitest';
import type { FiscalCodeInput } from './fiscal-code';
import { buildFiscalCode, fiscalCodeCheckChar, isValidFiscalCode } from './fiscal-code';
import { isValidTaxCodeFor } from './registration';

const MARIO_ROSSI: FiscalCodeInput = {
  surname: 'Rossi',
  name: 'Mario',
  birthDate: '1980-01-01',
  sex: 'M',
  belfioreCode: 'H501',
};

describe('isValidFiscalCode', () => {
  it.each([
    'RSSMRA80A01H501U',
    'MRTMTT25D09F205Z', // textbook example: Matteo Moretti, Milano 9 Apr 1925
    'RSSMRA85T10A562S',
    'rssmra85t10a562s', // case-insensitive
    'RSSMRA85T10A56NH', // omocodia: last digit 2 → N, check char recomputed
    'RSSMRA85T10A5SNT', // omocodia on the last two digits
  ])('accepts %s', (value) => {
    expect(isValidFiscalCode(value)).toBe(true);
  });

  it.each([
    'RSSMRA85T10A562T', // wrong check character
    'RSSMRA85T10A56NS', // omocodia without recomputing the check character
    'RSSMRA85Z10A562S', // Z is not a month letter
    'RSSMRA85T10A56WS', // W is not an omocodia letter
    'RSSMRA85T10A562', // 15 characters
    'RSSMRA85T10A562SX',
    'RSS MRA 85T10 A562S',
    '00811720580', // company fiscal code: not a person's
    '',
  ])('rejects %j', (value) => {
    expect(isValidFiscalCode(value)).toBe(false);
  });
});

describe('isValidFiscalCode: a birth date that can exist', () => {
  // Every code below has the right check character: only its date decides.
  it.each([
    'RSSMRA80A41H501Y', // 1 January, a woman (day + 40)
    'RSSMRA80A71H501B', // 31 January, a woman
    'RSSMRA80B29H501Q', // 29 February of a leap year
    'RSSMRA00B29H501Y', // 29 February 2000 (or 1900: the century is not in the code)
    'RSSMRA80L69H501Y', // 29 July, a woman
    'RSSMRA80AQMH501C', // omocodia in the day: QM = 41
    'RSSMRA80B6NH501T', // omocodia in the day: 6N = 62, 22 February, a woman
    'RSSMRA8LA01H501F', // omocodia in the year
  ])('accepts %s', (value) => expect(isValidFiscalCode(value)).toBe(true));

  it.each([
    'RSSMRA80A32H501C', // day 32
    'RSSMRA80B30H501X', // 30 February
    'RSSMRA81B29H501R', // 29 February of a year that is never a leap year
    'RSSMRA80D31H501D', // 31 April
    'RSSMRA80S31H501I', // 31 November
    'RSSMRA80A00H501V', // day 0
    'RSSMRA80A35H501K', // between men's and women's days
    'RSSMRA80A72H501G', // day 72
    'RSSMRA80A3NH501R', // omocodia hiding day 32
  ])('rejects %s', (value) => expect(isValidFiscalCode(value)).toBe(false));

  it('refuses it at registration as an invalid tax code, not as an inactive contract', () =>
    expect(isValidTaxCodeFor('private', 'RSSMRA80A32H501C')).toBe(false));
});

describe('fiscalCodeCheckChar', () => {
  it.each([
    ['RSSMRA80A01H501', 'U'],
    ['MRTMTT25D09F205', 'Z'],
    ['rssmra85t10a562', 'S'],
  ])('%s → %s', (first15, expected) => {
    expect(fiscalCodeCheckChar(first15)).toBe(expected);
  });

  it.each(['RSSMRA80A01H50', 'RSSMRA80A01H501U', 'RSSMRA80A01H50-'])('rejects %j', (value) => {
    expect(() => fiscalCodeCheckChar(value)).toThrow(RangeError);
  });
});

describe('buildFiscalCode', () => {
  it.each<[FiscalCodeInput, string]>([
    [MARIO_ROSSI, 'RSSMRA80A01H501U'],
    [
      { surname: 'Moretti', name: 'Matteo', birthDate: '1925-04-09', sex: 'M', belfioreCode: 'F205' },
      'MRTMTT25D09F205Z',
    ],
    [
      { surname: 'ROSSI', name: 'MARIO', birthDate: '1985-12-10', sex: 'M', belfioreCode: 'a562' },
      'RSSMRA85T10A562S',
    ],
  ])('%o → %s', (input, expected) => {
    expect(buildFiscalCode(input)).toBe(expected);
  });

  it.each<[Partial<FiscalCodeInput>, string]>([
    [{ name: 'Gianfranco' }, 'GFR'], // 4+ consonants: 1st, 3rd, 4th
    [{ name: 'Mario' }, 'MRA'],
    [{ name: 'Ada' }, 'DAA'], // consonants, then vowels
    [{ name: 'Al' }, 'LAX'], // padded with X
    [{ name: 'Nicolò' }, 'NCL'], // accent dropped
    [{ name: 'Anna Maria' }, 'NMR'], // compound name counts as one
  ])('name %o → %s', (override, expected) => {
    expect(buildFiscalCode({ ...MARIO_ROSSI, ...override }).slice(3, 6)).toBe(expected);
  });

  it.each([
    ['Rossi', 'RSS'],
    ["D'Amico", 'DMC'],
    ['De Luca', 'DLC'],
    ['Fo', 'FOX'],
    ['Oe', 'OEX'],
    ['Bianchi', 'BNC'], // surnames never skip the 2nd consonant
  ])('surname %s → %s', (surname, expected) => {
    expect(buildFiscalCode({ ...MARIO_ROSSI, surname }).slice(0, 3)).toBe(expected);
  });

  it.each([
    ['1990-07-25', 'M', '90L25'],
    ['1990-07-25', 'F', '90L65'], // women: day + 40
    ['2001-02-03', 'F', '01B43'],
    ['2000-10-05', 'M', '00R05'],
    ['1975-06-30', 'M', '75H30'],
    ['1962-12-31', 'F', '62T71'],
  ] as const)('%s %s → %s', (birthDate, sex, expected) => {
    expect(buildFiscalCode({ ...MARIO_ROSSI, birthDate, sex }).slice(6, 11)).toBe(expected);
  });

  it.each<FiscalCodeInput>([
    { surname: 'Bianchi', name: 'Gianfranca', birthDate: '1990-07-25', sex: 'F', belfioreCode: 'L219' },
    { surname: "D'Amico", name: 'Nicolò', birthDate: '2001-02-28', sex: 'M', belfioreCode: 'Z404' },
    { surname: 'Fo', name: 'Al', birthDate: '2000-10-05', sex: 'F', belfioreCode: 'F839' },
  ])('builds a code that validates for %o', (input) => {
    expect(isValidFiscalCode(buildFiscalCode(input))).toBe(true);
  });

  it.each<Partial<FiscalCodeInput>>([
    { birthDate: '1980-02-30' },
    { belfioreCode: 'H50' },
    { belfioreCode: '1501' },
  ])('rejects %o', (override) => {
    expect(() => buildFiscalCode({ ...MARIO_ROSSI, ...override })).toThrow(RangeError);
  });
});
