// The complaint form's rules: a category among the TIQV's, the text within its limit, a bill where the
// category concerns one. The logged-out form adds who writes. Messages are the feature's Italian ones.
import { erpComplaints } from '@sportello/contract';
import { COMPLAINT_CATEGORIES, isRequired } from '@sportello/domain';
import * as z from 'zod/mini';
import { fiscalCodeField, requiredText } from '../../../shared/forms/rules';
import { t } from '../i18n';

const { textMax } = erpComplaints.COMPLAINT_LIMITS;
const needsBill = (category: string) =>
  Object.hasOwn(COMPLAINT_CATEGORIES, category) &&
  COMPLAINT_CATEGORIES[category as keyof typeof COMPLAINT_CATEGORIES].needsBill;

const written = {
  category: z
    .string()
    .check(z.refine((v) => Object.hasOwn(COMPLAINT_CATEGORIES, v), t('complaints.form.errors.category'))),
  body: z.pipe(
    z.string().check(z.trim(), z.refine(isRequired, t('complaints.form.errors.text'))),
    z.string().check(z.maxLength(textMax, t('complaints.form.errors.text_long', { max: textMax }))),
  ),
  contactPreference: z.enum(['email', 'phone', 'post']),
  invoiceNumber: z.string(),
};

/** Where the category concerns a bill, its number is required. */
const billWhereNeeded = z.refine<{ category: string; invoiceNumber: string }>(
  (v) => !needsBill(v.category) || v.invoiceNumber.trim() !== '',
  { message: t('complaints.form.errors.bill'), path: ['invoiceNumber'] },
);

export const complaintSchema = z
  .object({
    supplyKey: z.string().check(z.refine(isRequired, t('complaints.form.errors.supply'))),
    ...written,
  })
  .check(billWhereNeeded);
export type ComplaintValues = z.output<typeof complaintSchema>;

export const guestComplaintSchema = z
  .object({
    clientCode: requiredText(20, t('complaints.form.errors.required')),
    fiscalCode: fiscalCodeField(),
    pointCode: requiredText(32, t('complaints.form.errors.required')),
    email: requiredText(254, t('complaints.form.errors.required')),
    ...written,
  })
  .check(billWhereNeeded);
export type GuestComplaintValues = z.output<typeof guestComplaintSchema>;
