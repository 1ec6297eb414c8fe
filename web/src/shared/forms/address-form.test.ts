import { describe, expect, it } from 'vitest';
import { issueMessages as messages } from './issue-messages';
import { addressFormSchema } from './address-form';

describe('address form (SPEC §5)', () => {
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
    expect(messages(addressFormSchema.safeParse(empty))).toEqual({
      city: 'La città è obbligatoria',
      province: 'La provincia è obbligatoria',
      streetName: "L'indirizzo è obbligatorio",
      civicNumber: 'Il numero civico è obbligatorio',
      postalCode: 'Il CAP è obbligatorio',
    });
  });

  it('checks the postal code and the province code', () => {
    const result = addressFormSchema.safeParse({
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
    const result = addressFormSchema.safeParse({
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
