// A refused request names the fields it refused (`errors[].field`, e.g. "iban" or
// "shippingAddress.postalCode"); those messages go under the fields the user typed in, as the
// checks in the browser would have put them.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiFailure } from '../api/api-client';

/**
 * Sets the failure's field errors on the form's `fields` (after removing `prefix` from the
 * server's field path) and returns whether any was set.
 */
export function setServerErrors<Values extends FieldValues>(
  failure: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
  prefix = '',
): boolean {
  if (!(failure instanceof ApiFailure)) return false;
  let set = false;
  for (const error of failure.errors) {
    const field = error.field?.startsWith(prefix) ? error.field.slice(prefix.length) : undefined;
    const known = fields.find((candidate) => candidate === field);
    if (!known) continue;
    // The first message of a field is the one shown.
    setError(known, { type: 'server', message: error.message }, { shouldFocus: !set });
    set = true;
  }
  return set;
}
