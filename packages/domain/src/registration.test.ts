import { describe, expect, it } from 'vitest';
import { isValidTaxCodeFor, type RegistrationCustomerType } from './registration';

describe('isValidTaxCodeFor', () => {
  it.each<[RegistrationCustomerType, string, boolean]>([
    ['private', 'RSSMRA80A01H501U', true],
    ['private', ' rssmra80a01h501u ', true],
    ['private', 'RSSMRA80A01H501X', false], // wrong check letter
    ['private', '00811720580', false], // a company's code is no person's
    ['private', '', false],
    ['company', '00811720580', true],
    ['company', '00811720581', false], // wrong check digit
    ['company', 'RSSMRA80A01H501U', false],
    ['company', '0081172058', false],
    ['condominium', '06655971007', true],
    ['condominium', '97000000000', false],
    ['condominium', 'RSSMRA80A01H501U', false],
  ])('%s %j → %s', (type, value, valid) => {
    expect(isValidTaxCodeFor(type, value)).toBe(valid);
  });
});
