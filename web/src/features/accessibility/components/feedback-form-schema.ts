// The feedback form's rules: the same limits the contract holds (name, e-mail, page, text), each with
// its Italian message, so the server's refusal is only the last word. No consent tick: answering is
// our legal duty (ADR 069), the privacy notice is linked instead.
import { accessibility, type CompanyCode } from '@sportello/contract';
import { isRequired, isValidEmail } from '@sportello/domain';
import * as z from 'zod/mini';
import { optionalText } from '../../../shared/forms/rules';
import { t } from '../i18n';

const { ACCESSIBILITY_FEEDBACK_MAX_LENGTH, ACCESSIBILITY_PAGE_MAX_LENGTH } = accessibility;

export const feedbackSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.refine(isRequired, t('accessibility.form.errors.name')),
      z.maxLength(100, t('accessibility.form.errors.too_long', { max: 100 })),
    ),
  email: z.string().check(z.trim(), z.refine(isValidEmail, t('accessibility.form.errors.email'))),
  page: optionalText(ACCESSIBILITY_PAGE_MAX_LENGTH),
  description: z
    .string()
    .check(
      z.trim(),
      z.refine(isRequired, t('accessibility.form.errors.description')),
      z.maxLength(
        ACCESSIBILITY_FEEDBACK_MAX_LENGTH,
        t('accessibility.form.errors.too_long', { max: ACCESSIBILITY_FEEDBACK_MAX_LENGTH }),
      ),
    ),
});
export type FeedbackValues = z.input<typeof feedbackSchema>;
export type FeedbackOutput = z.output<typeof feedbackSchema>;

/** The body both calls take; the page is left out when empty. */
export function toFeedbackPayload(values: FeedbackOutput, company: CompanyCode) {
  const { page, ...rest } = values;
  return { ...rest, company, ...(page ? { page } : {}) };
}

export const lookupSchema = z.object({
  reference: z.string().check(z.trim(), z.refine(isRequired, t('accessibility.form.errors.reference'))),
  email: z.string().check(z.trim(), z.refine(isValidEmail, t('accessibility.form.errors.email'))),
});
export type LookupOutput = z.output<typeof lookupSchema>;
