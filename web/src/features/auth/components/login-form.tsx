// Username and password form. Wrong credentials come back from the server as a failure whose
// message ('Nome utente o password non corretti') the api client shows in a popup. Two fields
// do not need a form library, and the login page is the lightest page to load.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { focusFirstError } from '../../../shared/forms/focus-first-error';
import { t as formText } from '../../../shared/forms/i18n';
import { TextField } from '../../../shared/forms/text-field';
import { t } from '../i18n';

export interface Credentials {
  username: string;
  password: string;
}

type Field = keyof Credentials;

export function LoginForm({ onSubmit }: { onSubmit: (credentials: Credentials) => Promise<void> }) {
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [missing, setMissing] = useState<readonly Field[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty = (['username', 'password'] as const).filter((field) => values[field].trim() === '');
    setMissing(empty);
    if (empty.length > 0) {
      focusFirstError(event.currentTarget);
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  };

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.target.value }),
    error: missing.includes(field) ? formText('forms.errors.required') : undefined,
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('auth.login.username')}
        {...fieldProps('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <div className="form__field">
        <TextField
          label={t('auth.login.password')}
          {...fieldProps('password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
        />
        <label className="form__check">
          <input
            type="checkbox"
            checked={showPassword}
            onChange={(event) => setShowPassword(event.target.checked)}
          />
          {t('auth.login.show_password')}
        </label>
      </div>
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
      </button>
    </form>
  );
}
