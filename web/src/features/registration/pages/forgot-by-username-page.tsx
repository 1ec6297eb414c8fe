// /password-dimenticata/username: the link goes to the e-mail of that user, if there is one.
import { registration } from '@sportello/contract';
import * as z from 'zod/mini';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { send } from '../api/send';
import { resetSent } from '../components/reset-sent';
import { requiredUsername } from '../components/rules';
import { StepPage, SubmitButton } from '../components/step-page';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

const schema = z.object({ username: requiredUsername() });

export default function ForgotByUsernamePage() {
  const feedback = useFeedback();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, { username: '' });
  const onSubmit = async (body: z.output<typeof schema>) => {
    const sent = await send(registration.startPasswordReset, { body }).catch(() => null);
    if (sent) feedback.show(resetSent());
  };
  return (
    <StepPage
      heading={t('registration.forgot.username_heading')}
      intro={t('registration.forgot.intro')}
      back={registrationRoutes.forgot.to()}
    >
      <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
        <RequiredNote />
        <TextField
          label={t('registration.username.username')}
          error={errors.username?.message}
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...register('username')}
        />
        <SubmitButton submitting={isSubmitting} label={t('registration.forgot.submit')} />
        {feedback.panel}
      </form>
    </StepPage>
  );
}
