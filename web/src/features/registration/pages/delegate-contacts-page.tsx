// /registrazione/delegate/contacts: e-mail and mobile phone, trimmed (SPEC §5).
import { Navigate, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { emailField, phoneField } from '../components/rules';
import { StepPage, SubmitButton } from '../components/step-page';
import { readDraft, updateDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

const schema = z.object({ email: emailField(), phoneMobile: phoneField() });

export default function DelegateContactsPage() {
  const navigate = useNavigate();
  const delegate = readDraft().delegate;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(schema, { email: delegate?.email ?? '', phoneMobile: delegate?.phoneMobile ?? '' });
  if (!delegate) return <Navigate to={registrationRoutes.delegate.to()} replace />;

  const onSubmit = async (values: z.output<typeof schema>) => {
    updateDraft({ delegate: { ...delegate, ...values } });
    await navigate(registrationRoutes.delegateAddress.to());
  };

  return (
    <StepPage
      heading={t('registration.delegate.contacts_heading')}
      step={[2, 5]}
      back={registrationRoutes.delegate.to()}
    >
      <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
        <RequiredNote />
        <TextField
          label={t('registration.delegate.email')}
          error={errors.email?.message}
          required
          type="email"
          autoComplete="email"
          {...register('email')}
        />
        <TextField
          label={t('registration.delegate.phone')}
          error={errors.phoneMobile?.message}
          required
          type="tel"
          autoComplete="tel"
          {...register('phoneMobile')}
        />
        <SubmitButton submitting={false} />
      </form>
    </StepPage>
  );
}
