// The bank-debit fields, apart from the other rules: their validators bring ibantools, which
// only the bank-debit pages should download.
import { isValidBic, isValidIban, normalizeIban } from '@sportello/domain';
import * as z from 'zod/mini';
import { t } from './i18n';
import { requiredValid } from './rules';

/** An IBAN in any printed form, sent normalised (no spaces, upper case). */
export const ibanField = () =>
  z.pipe(
    requiredValid(isValidIban, t('forms.errors.iban_required'), t('forms.errors.invalid_iban')),
    z.transform(normalizeIban),
  );

/** An optional BIC, sent in upper case. */
export const optionalBicField = () =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isValidBic(value), t('forms.errors.invalid_bic')),
    ),
    z.transform((value) => value.toUpperCase()),
  );
