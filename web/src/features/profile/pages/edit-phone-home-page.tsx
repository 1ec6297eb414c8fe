// /profile/edit-phone-home: the customer's home phone (trimmed; empty removes it).
import { FORM_MESSAGES } from '@sportello/contract';
import { isValidPhone, normalizePhone } from '@sportello/domain';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { FormActions } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { updateCustomerSettings } from '../api/profile-api';
import { ProfileFrame } from '../components/profile-frame';
import { useProfileData } from '../components/use-profile-data';
import { t } from '../i18n';
import { profileRoutes } from '../routes';

const schema = z.object({
  phoneHome: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || isValidPhone(normalizePhone(v)), FORM_MESSAGES.invalid_phone),
  ),
});
type Values = z.output<typeof schema>;

export default function EditPhoneHomePage() {
  const { customer } = useProfileData();
  const save = useMutation(updateCustomerSettings);
  const feedback = useFeedback();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, { phoneHome: customer.account.phoneHome ?? '' });
  const onSubmit = async ({ phoneHome }: Values) => {
    const saved = await save
      .mutateAsync({ params: { id: customer.id }, body: { phoneHome } })
      .catch((failure: unknown) => {
        setServerErrors(failure, setError, ['phoneHome']);
        return null;
      });
    if (!saved) return;
    feedback.show({
      title: t('profile.otp.done_title'),
      description: t('profile.phone_home.done'),
      actions: [{ label: t('profile.back'), to: profileRoutes.profile.to() }],
    });
  };
  return (
    <ProfileFrame heading={t('profile.phone_home.heading')}>
      {feedback.panel}
      <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
        <TextField
          label={t('profile.phone_home.label')}
          hint={t('profile.phone_home.hint')}
          type="tel"
          autoComplete="tel"
          error={errors.phoneHome?.message}
          {...register('phoneHome')}
        />
        <FormActions submitting={isSubmitting} cancelTo={profileRoutes.profile.to()} />
      </form>
    </ProfileFrame>
  );
}
