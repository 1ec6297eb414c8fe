import { describe, expect, it } from 'vitest';
import { invoiceTypeName } from './invoice-types';

describe('invoiceTypeName', () => {
  it.each([
    [1, 'Bolletta'],
    [4, 'Nota di credito'],
    [31, 'Bolletta di conguaglio'],
    [77, 'Bolletta'],
  ])('type %i is "%s"', (code, name) => expect(invoiceTypeName(code)).toBe(name));
});
