// /recupero-psw and /crea-psw, reached from a module 5 link with ?token=<hashCode>: the new password
// with the SPEC §5 rules. A refused link ('Ops! ci dispiace, qualcosa non ha funzionato') empties the
// password fields and offers a new link.
import { registration } from '@sportello/contract';
import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { authRoutes } from '../../auth/routes';
import { send } from '../api/send';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';
import { PasswordFields } from './password-fields';
import { passwordPair, passwordsMatch } from './rules';
import { StepPage, SubmitButton } from './step-page';

const schema = z.object(passwordPair).check(passwordsMatch);
type Values = z.output<typeof schema>;
const EMPTY = { password: '', confirmPassword: '' };

function NewPasswordForm({ token }: { token: string }) {
  const feedback = useFeedback();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isSubmitted },
  } = useSchemaForm(schema, EMPTY);
  const password = useWatch({ control, name: 'password' });

  const onSubmit = async (values: Values) => {
    const done = await send(registration.completePasswordReset, { body: { token, ...values } }).catch(
      (failure: unknown) => {
        reset(EMPTY);
        setServerErrors(failure, setError, ['password', 'confirmPassword']);
        return null;
      },
    );
    if (!done) return;
    feedback.show({
      title: t('registration.reset.done_title'),
      description: t('registration.reset.done_text', { username: done.username }),
      actions: [{ label: t('registration.to_login'), to: authRoutes.login.to() }],
    });
  };

  return (
    <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
      <RequiredNote />
      <PasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        value={password}
        submitted={isSubmitted}
        confirmError={errors.confirmPassword?.message}
      />
      <SubmitButton submitting={isSubmitting} label={t('registration.reset.submit')} />
      <p>
        <Link to={registrationRoutes.forgot.to()}>{t('registration.reset.ask_again')}</Link>
      </p>
      {feedback.panel}
    </form>
  );
}

export function NewPasswordPage({ heading }: { heading: string }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <StepPage heading={heading}>
      {token ? (
        <NewPasswordForm token={token} />
      ) : (
        <p role="alert">
          {t('registration.reset.no_token')}{' '}
          <Link to={registrationRoutes.forgot.to()}>{t('registration.reset.ask_again')}</Link>
        </p>
      )}
    </StepPage>
  );
}
