// Username and password form. Wrong credentials come back from the server as a failure whose
// message ('Nome utente o password non corretti') the api client shows in a popup. Two fields
// do not need a form library, and the login page is the lightest page to load.
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { t } from '../i18n';

export interface Credentials {
  username: string;
  password: string;
}

type Field = keyof Credentials;

export function LoginForm({ onSubmit }: { onSubmit: (credentials: Credentials) => Promise<void> }) {
  const id = useId();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [missing, setMissing] = useState<readonly Field[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty = (['username', 'password'] as const).filter((field) => values[field].trim() === '');
    setMissing(empty);
    if (empty.length > 0) {
      document.getElementById(`${id}-${empty[0]}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  };

  const inputProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.target.value }),
    'aria-invalid': missing.includes(field) ? true : undefined,
    'aria-describedby': missing.includes(field) ? `${id}-${field}-error` : undefined,
  });
  const error = (field: Field) =>
    missing.includes(field) ? (
      <p id={`${id}-${field}-error`} className="form__error">
        {t('auth.login.required')}
      </p>
    ) : null;

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="form__field">
        <label htmlFor={`${id}-username`}>{t('auth.login.username')}</label>
        <input {...inputProps('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
        {error('username')}
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-password`}>{t('auth.login.password')}</label>
        <input
          {...inputProps('password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
        />
        {error('password')}
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
