import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { bankDebitSchema } from './bank-debit-form';
import { issueMessages as messages } from '../../../shared/forms/issue-messages';

describe('bank debit form (SPEC §5)', () => {
  it('requires IBAN, holder name and holder fiscal code, in Italian', () => {
    expect(
      messages(bankDebitSchema.safeParse({ iban: ' ', bic: '', holderName: '', holderFiscalCode: '' })),
    ).toEqual({
      iban: "L'IBAN è obbligatorio",
      holderName: "Il nome dell'intestatario è obbligatorio",
      holderFiscalCode: "Il codice fiscale dell'intestatario è obbligatorio",
    });
  });

  it('rejects a wrong IBAN check, a malformed BIC and a wrong fiscal code', () => {
    const result = bankDebitSchema.safeParse({
      iban: 'IT60X0542811101000000123457',
      bic: 'BPM',
      holderName: 'Mario Rossi',
      holderFiscalCode: 'RSSMRA78D12H501A',
    });
    expect(messages(result)).toEqual({
      iban: MESSAGES.iban_wrong_check_digits,
      bic: 'BIC non valido',
      holderFiscalCode: "Codice fiscale dell'intestatario non valido",
    });
  });

  it('accepts the printed IBAN form, an empty BIC and a company fiscal code, normalised', () => {
    const result = bankDebitSchema.safeParse({
      iban: 'it60 x054 2811 1010 0000 0123 456',
      bic: '',
      holderName: ' Rossi S.r.l. ',
      holderFiscalCode: '03518720176',
    });
    expect(result.success && result.data).toEqual({
      iban: 'IT60X0542811101000000123456',
      bic: '',
      holderName: 'Rossi S.r.l.',
      holderFiscalCode: '03518720176',
    });
  });

  it('accepts a personal fiscal code in any case', () => {
    const result = bankDebitSchema.safeParse({
      iban: 'IT60X0542811101000000123456',
      bic: 'bpmoit22xxx',
      holderName: 'Mario Rossi',
      holderFiscalCode: 'rssmra78d12h501m',
    });
    expect(result.success && result.data).toMatchObject({
      bic: 'BPMOIT22XXX',
      holderFiscalCode: 'RSSMRA78D12H501M',
    });
  });
});
