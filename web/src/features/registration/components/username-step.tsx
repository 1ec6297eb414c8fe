// The username (letters and digits, checked free with users/validate) and the password of a new user.
import { registration } from '@sportello/contract';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { send } from '../api/send';
import { readDraft, updateDraft } from '../draft';
import { t } from '../i18n';
import { PasswordFields } from './password-fields';
import { passwordPair, passwordsMatch, usernameField } from './rules';
import { SubmitButton } from './step-page';

const schema = z.object({ username: usernameField(), ...passwordPair }).check(passwordsMatch);

export function UsernameStep({ next }: { next: string }) {
  const navigate = useNavigate();
  // The password is never filled in again.
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useSchemaForm(schema, { username: readDraft().username ?? '', password: '', confirmPassword: '' });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = async (values: z.output<typeof schema>) => {
    const answer = await send(registration.validateUsername, { body: { username: values.username } }).catch(
      () => null,
    );
    if (!answer) return;
    if (!answer.available) {
      setError(
        'username',
        { type: 'server', message: t('registration.username.taken') },
        { shouldFocus: true },
      );
      return;
    }
    updateDraft({ username: values.username, password: values.password });
    await navigate(next);
  };

  return (
    <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
      <RequiredNote />
      <TextField
        label={t('registration.username.username')}
        hint={t('registration.username.username_hint')}
        error={errors.username?.message}
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...register('username')}
      />
      <PasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        value={password}
        submitted={isSubmitted}
        confirmError={errors.confirmPassword?.message}
      />
      <SubmitButton submitting={isSubmitting} />
    </form>
  );
}
