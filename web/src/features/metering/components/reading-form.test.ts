// The self-reading form's checks in the browser (SPEC §5 readings): the same messages before any call.
import { describe, expect, it } from 'vitest';
import { readingSchema } from './reading-form';

const schema = readingSchema({
  maxDigits: 6,
  registers: [
    { channel: 'F1', unit: 'kWh', lastValue: 1500 },
    { channel: 'F2', unit: 'kWh', lastValue: null },
  ],
});

/** The message under each field, by field name. */
const messages = (values: Record<string, string>, meterReplaced = false) => {
  const result = schema.safeParse({ values, meterReplaced });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('readingSchema', () => {
  it('accepts digits at or above the last reading, and any first reading', () => {
    expect(messages({ F1: '1500', F2: '7' })).toEqual({});
    expect(messages({ F1: ' 1512 ', F2: '0' })).toEqual({});
  });

  it('says what is wrong with each register, under its own field', () => {
    expect(messages({ F1: '', F2: '12a' })).toEqual({
      'values.F1': 'Inserisci la lettura',
      'values.F2': 'La lettura può contenere solo cifre.',
    });
  });

  it('refuses a value below the last reading unless the meter was replaced', () => {
    expect(messages({ F1: '1499', F2: '1' })['values.F1']).toMatch(
      /^La lettura è inferiore all'ultima \(1\.500\)/,
    );
    expect(messages({ F1: '1499', F2: '1' }, true)).toEqual({});
  });
});
