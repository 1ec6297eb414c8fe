import { describe, expect, it } from 'vitest';
import { bankDebitSchema } from './components/bank-debit-form';
import { shippingAddressFormSchema } from './components/shipping-address-form';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

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
      iban: 'IBAN non valido',
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

describe('shipping address form (SPEC §5)', () => {
  const empty = {
    city: '',
    province: '',
    streetName: '',
    civicNumber: ' ',
    civicNumberExt: '',
    postalCode: '',
    locality: '',
    building: '',
    floor: '',
    flatNumber: '',
  };

  it('requires civic number, city, postal code and address, each with its message', () => {
    expect(messages(shippingAddressFormSchema.safeParse(empty))).toEqual({
      city: 'La città è obbligatoria',
      province: 'La provincia è obbligatoria',
      streetName: "L'indirizzo è obbligatorio",
      civicNumber: 'Il numero civico è obbligatorio',
      postalCode: 'Il CAP è obbligatorio',
    });
  });

  it('checks the postal code and the province code', () => {
    const result = shippingAddressFormSchema.safeParse({
      ...empty,
      city: 'Roma',
      province: 'Rma',
      streetName: 'Via Garibaldi',
      civicNumber: '12',
      postalCode: '0015',
    });
    expect(messages(result)).toEqual({
      province: 'Indica la sigla della provincia, per esempio RM',
      postalCode: 'CAP non valido',
    });
  });

  it('trims and upper-cases the province', () => {
    const result = shippingAddressFormSchema.safeParse({
      ...empty,
      city: ' Roma ',
      province: 'rm',
      streetName: 'Via Garibaldi',
      civicNumber: '12',
      postalCode: '00153',
    });
    expect(result.success && result.data).toMatchObject({
      city: 'Roma',
      province: 'RM',
      postalCode: '00153',
    });
  });
});
