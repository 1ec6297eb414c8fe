// The bank-debit fields, apart from the other rules: their validators bring ibantools, which
// only the bank-debit pages should download.
import { FORM_MESSAGES } from '@sportello/contract';
import { ibanProblem, isRequired, isValidBic, normalizeIban } from '@sportello/domain';
import * as z from 'zod/mini';
import { t } from './i18n';

/**
 * An IBAN in any printed form (spaces of every kind, any case), sent normalised. Each refusal says
 * why, in the server's words for the same check: not SEPA, wrong length, check digits or CIN.
 */
export const ibanField = () =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.refine(isRequired, t('forms.errors.iban_required')),
      z.refine((value) => !isRequired(value) || ibanProblem(value) === null, {
        error: (issue) => FORM_MESSAGES[ibanProblem(String(issue.input)) ?? 'invalid_iban'],
      }),
    ),
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
