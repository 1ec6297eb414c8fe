import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { customerCodeField, passwordMessages, passwordPair, passwordsMatch, taxCodeField } from './rules';

const messages = (schema: z.ZodMiniType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('registration rules', () => {
  it('names every unmet password rule', () => {
    expect(passwordMessages('abc')).toBe(
      'La password deve contenere almeno 8 caratteri · La password deve contenere almeno un carattere non alfabetico · ' +
        'La password deve contenere almeno una lettera maiuscola · La password deve contenere almeno un numero',
    );
    expect(passwordMessages('Sportello2026!')).toBe('');
  });

  it('puts the mismatch on the confirmation', () => {
    const pair = z.object(passwordPair).check(passwordsMatch);
    const result = pair.safeParse({ password: 'Sportello2026!', confirmPassword: 'Altra2026!' });
    expect(result.error?.issues).toMatchObject([
      { path: ['confirmPassword'], message: 'Le password non corrispondono' },
    ]);
  });

  it.each([
    ['private', 'MRCLNE88C61A944X', ['Codice fiscale non valido']],
    ['private', '', ['Il codice fiscale è obbligatorio']],
    ['company', 'MRCLNE88C61A944R', ['Partita IVA o codice fiscale non validi']],
    ['condominium', '94666150423', []],
  ] as const)('checks a %s tax code %j', (type, value, expected) => {
    expect(messages(taxCodeField(type), value)).toEqual(expected);
  });

  it('wants a client code of digits', () => {
    expect(messages(customerCodeField(), ' ')).toEqual(['Il codice cliente è obbligatorio']);
    expect(messages(customerCodeField(), '30A')).toEqual(['Il codice cliente contiene solo cifre']);
    expect(messages(customerCodeField(), '30000011')).toEqual([]);
  });
});
