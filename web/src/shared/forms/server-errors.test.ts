import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../api/api-client';
import { setServerErrors } from './server-errors';

type Values = { postalCode: string; city: string };

const failure = new ApiFailure(400, 'Dati non validi', [
  { code: 'invalid_postal_code', message: 'CAP non valido', field: 'shippingAddress.postalCode' },
  { code: 'other', message: 'Contratto sconosciuto', field: 'contractKey' },
  { code: 'generic', message: 'Riprova' },
]);

describe('server errors onto form fields', () => {
  it('puts each known field error under its field, focusing the first', () => {
    const setError = vi.fn();
    expect(setServerErrors<Values>(failure, setError, ['postalCode', 'city'], 'shippingAddress.')).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith(
      'postalCode',
      { type: 'server', message: 'CAP non valido' },
      { shouldFocus: true },
    );
  });

  it('leaves the form alone for errors of other fields or other failures', () => {
    const setError = vi.fn();
    expect(setServerErrors<Values>(failure, setError, ['city'], 'shippingAddress.')).toBe(false);
    expect(setServerErrors<Values>(new Error('rete'), setError, ['city'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
