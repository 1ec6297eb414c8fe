import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MESSAGES } from '@sportello/contract';
import { ibanField } from './bank-rules';
import { issueMessages } from './issue-messages';

const schema = z.object({ iban: ibanField() });
const messageFor = (iban: string) => issueMessages(schema.safeParse({ iban })).iban;

describe('the IBAN of a bank-debit form', () => {
  it.each([
    ['BR1800360305000010009795493C1', MESSAGES.iban_not_sepa],
    ['IT60X054281110100000012345', MESSAGES.iban_wrong_length],
    ['IT61X0542811101000000123456', MESSAGES.iban_wrong_check_digits],
    ['IT47A0306909606100000063525', MESSAGES.iban_wrong_check_digits],
    ['IT63X0306909606100000063525', MESSAGES.iban_wrong_cin],
    ['not an iban', MESSAGES.invalid_iban],
    ['', "L'IBAN è obbligatorio"],
  ])('refuses %j saying why', (iban, message) => expect(messageFor(iban)).toBe(message));

  it('accepts an IBAN pasted with no-break, narrow and tab spaces, and sends it normalised', () => {
    const parsed = schema.safeParse({ iban: 'it60\u00a0X054\u202f2811\t1010 0000 0123 456' });
    expect(parsed.success && parsed.data.iban).toBe('IT60X0542811101000000123456');
  });
});
