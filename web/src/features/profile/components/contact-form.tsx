// The new e-mail or mobile number: validated (trimmed, SPEC §5), then a code is sent and the check
// page asks for it; the workflow id is kept locally.
import { FORM_MESSAGES } from '@sportello/contract';
import { isValidEmail, isValidMobilePhone, normalizePhone } from '@sportello/domain';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { FormActions } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { ApiFailure } from '../../../shared/api/api-client';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { pendingCheck, useStartCheck, type OtpChannel } from '../api/profile-api';
import { t } from '../i18n';
import { profileRoutes } from '../routes';

const schemas = {
  email: z.object({ value: z.string().check(z.trim(), z.refine(isValidEmail, FORM_MESSAGES.invalid_email)) }),
  phone: z.object({
    value: z.string().check(
      z.trim(),
      z.refine((v) => isValidMobilePhone(normalizePhone(v)), FORM_MESSAGES.invalid_phone),
    ),
  }),
};

export function ContactForm({ channel }: { channel: OtpChannel }) {
  const navigate = useNavigate();
  const send = useStartCheck(channel);
  const schema = schemas[channel];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, { value: '' });

  const onSubmit = async ({ value }: z.output<typeof schema>) => {
    const started = await send.start(value).catch((failure: unknown) => {
      // The server names the field email or phone; this form has one field for either.
      const message = failure instanceof ApiFailure ? failure.errors[0]?.message : undefined;
      if (message) setError('value', { message });
      return null;
    });
    if (!started) return;
    pendingCheck.write(channel, started.workflowId, value);
    await navigate(channel === 'email' ? profileRoutes.checkEmail.to() : profileRoutes.checkPhone.to());
  };

  return (
    <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
      <TextField
        label={t(channel === 'email' ? 'profile.contact.email_label' : 'profile.contact.phone_label')}
        type={channel === 'email' ? 'email' : 'tel'}
        autoComplete={channel === 'email' ? 'email' : 'tel'}
        required
        error={errors.value?.message}
        {...register('value')}
      />
      <FormActions
        submitting={isSubmitting}
        cancelTo={profileRoutes.profile.to()}
        submitLabel={t('profile.contact.send')}
      />
    </form>
  );
}
