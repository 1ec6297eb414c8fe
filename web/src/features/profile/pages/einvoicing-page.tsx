// /profile/fatturazione-elettronica: where a business customer's electronic invoices go (ADR 067), its
// recipient code (codice destinatario) or its PEC. Checked here as the server checks them; saving asks
// a step-up (the api client opens it) and the contacts on file are told. A private customer's invoices
// go to its fiscal drawer: the page says so and offers nothing.
import { FORM_MESSAGES } from '@sportello/contract';
import { isValidEmail, isValidRecipientCode } from '@sportello/domain';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { FormActions } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { eInvoiceRecipientQuery, updateEInvoiceRecipient } from '../api/profile-api';
import { ProfileFrame } from '../components/profile-frame';
import { useProfileData } from '../components/use-profile-data';
import { t } from '../i18n';
import { profileRoutes } from '../routes';

const NO_CODE = '0000000';

const schema = z.object({
  recipientCode: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || isValidRecipientCode(v.toUpperCase()), FORM_MESSAGES.invalid_recipient_code),
  ),
  pec: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || isValidEmail(v), FORM_MESSAGES.invalid_pec),
  ),
});
type Values = z.output<typeof schema>;

export default function EInvoicingPage() {
  const { customer } = useProfileData();
  const { data: recipient } = useSuspenseQuery(eInvoiceRecipientQuery(customer.id));
  const save = useMutation(updateEInvoiceRecipient);
  const feedback = useFeedback();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, {
    recipientCode: recipient.recipientCode === NO_CODE ? '' : (recipient.recipientCode ?? ''),
    pec: recipient.pec ?? '',
  });
  if (!recipient.applies)
    return (
      <ProfileFrame heading={t('profile.einvoicing.heading')}>
        <p>{t('profile.einvoicing.not_applicable')}</p>
      </ProfileFrame>
    );
  const onSubmit = async ({ recipientCode, pec }: Values) => {
    if ((recipientCode === '' || recipientCode === NO_CODE) && pec === '') {
      setError('pec', { message: FORM_MESSAGES.pec_required });
      return;
    }
    const saved = await save
      .mutateAsync({ params: { id: customer.id }, body: { recipientCode, pec } })
      .catch((failure: unknown) => {
        setServerErrors(failure, setError, ['recipientCode', 'pec']);
        return null;
      });
    if (!saved) return;
    feedback.show({
      title: t('profile.otp.done_title'),
      description: t('profile.einvoicing.done'),
      actions: [{ label: t('profile.back'), to: profileRoutes.profile.to() }],
    });
  };
  return (
    <ProfileFrame heading={t('profile.einvoicing.heading')}>
      {feedback.panel}
      <p>{t('profile.einvoicing.intro')}</p>
      <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
        <TextField
          label={t('profile.einvoicing.code_label')}
          hint={t('profile.einvoicing.code_hint')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={7}
          error={errors.recipientCode?.message}
          {...register('recipientCode')}
        />
        <TextField
          label={t('profile.einvoicing.pec_label')}
          hint={t('profile.einvoicing.pec_hint')}
          type="email"
          autoComplete="email"
          error={errors.pec?.message}
          {...register('pec')}
        />
        <p>{t('profile.einvoicing.step_up')}</p>
        <FormActions
          submitting={isSubmitting}
          cancelTo={profileRoutes.profile.to()}
          submitLabel={t('profile.einvoicing.save')}
        />
      </form>
    </ProfileFrame>
  );
}
