// The complaint form's rules: a category among the TIQV's, the text within its limit, a bill where the
// category concerns one. The logged-out form adds who writes, as TIQV's minimum content asks. Messages are the feature's Italian ones.
import { erpComplaints } from '@sportello/contract';
import { COMPLAINT_CATEGORIES, isRequired } from '@sportello/domain';
import * as z from 'zod/mini';
import { requiredText } from '../../../shared/forms/rules';
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
    firstName: requiredText(80, t('complaints.form.errors.required')),
    lastName: requiredText(80, t('complaints.form.errors.required')),
    supplyAddress: requiredText(200, t('complaints.form.errors.required')),
    commodity: z.enum(['electricity', 'gas', 'both']),
    pointCode: z.string().check(z.trim(), z.maxLength(32)),
    customerCode: z.string().check(z.trim(), z.maxLength(20)),
    email: requiredText(254, t('complaints.form.errors.required')),
    ...written,
  })
  .check(
    billWhereNeeded,
    // TIQV asks the POD/PDR where known, else the client code: one of the two.
    z.refine((v) => v.pointCode.trim() !== '' || v.customerCode.trim() !== '', {
      message: t('complaints.form.point_or_code_hint'),
      path: ['pointCode'],
    }),
  );
export type GuestComplaintValues = z.output<typeof guestComplaintSchema>;
