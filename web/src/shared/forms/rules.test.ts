import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { issueMessages } from './issue-messages';
import { fiscalCodeField, optionalText, postalCodeField, provinceField, requiredText } from './rules';

const schema = z.object({
  name: requiredText(5),
  note: optionalText(3),
  fiscalCode: fiscalCodeField(),
  postalCode: postalCodeField(),
  province: provinceField(),
});

describe('form rules (SPEC §5)', () => {
  it("says 'Informazione obbligatoria' for an empty required field, once per field", () => {
    expect(
      issueMessages(schema.safeParse({ name: ' ', note: '', fiscalCode: '', postalCode: '', province: '' })),
    ).toEqual({
      name: 'Informazione obbligatoria',
      fiscalCode: 'Informazione obbligatoria',
      postalCode: 'Il CAP è obbligatorio',
      province: 'La provincia è obbligatoria',
    });
  });

  it('names a control character pasted into a one-line field under that field, as the server refuses it', () => {
    const result = schema.safeParse({
      name: 'a\u0000b',
      note: '\u202E',
      fiscalCode: 'RSSMRA80A01H501U',
      postalCode: '00100',
      province: 'RM',
    });
    expect(issueMessages(result)).toEqual({
      name: 'Il testo contiene caratteri non ammessi.',
      note: 'Il testo contiene caratteri non ammessi.',
    });
  });

  it('explains malformed values and lengths in Italian', () => {
    const result = schema.safeParse({
      name: 'Troppo lungo',
      note: 'abcd',
      fiscalCode: 'RSSMRA78D12H501A',
      postalCode: '123',
      province: 'Roma',
    });
    expect(issueMessages(result)).toEqual({
      name: 'Al massimo 5 caratteri',
      note: 'Al massimo 3 caratteri',
      fiscalCode: 'Codice fiscale non valido',
      postalCode: 'CAP non valido',
      province: 'Indica la sigla della provincia, per esempio RM',
    });
  });

  it('trims and upper-cases what it accepts', () => {
    const result = schema.safeParse({
      name: ' Casa ',
      note: '',
      fiscalCode: 'rssmra78d12h501m',
      postalCode: '00153',
      province: 'rm',
    });
    expect(result.success && result.data).toEqual({
      name: 'Casa',
      note: '',
      fiscalCode: 'RSSMRA78D12H501M',
      postalCode: '00153',
      province: 'RM',
    });
  });
});
