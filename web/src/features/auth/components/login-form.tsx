// Username and password form. Wrong credentials come back from the server as a failure whose
// message ('Nome utente o password non corretti') the api client shows in a popup.
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export interface Credentials {
  username: string;
  password: string;
}

export function LoginForm({ onSubmit }: { onSubmit: (credentials: Credentials) => Promise<void> }) {
  const { t } = useTranslation();
  const id = useId();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ defaultValues: { username: '', password: '' } });
  const required = { validate: (value: string) => value.trim() !== '' || t('auth.login.required') };

  const field = (name: keyof Credentials) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <div className="form__field">
        <label htmlFor={`${id}-username`}>{t('auth.login.username')}</label>
        <input
          {...field('username')}
          {...register('username', required)}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        {errors.username ? (
          <p id={`${id}-username-error`} className="form__error">
            {errors.username.message}
          </p>
        ) : null}
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-password`}>{t('auth.login.password')}</label>
        <input
          {...field('password')}
          {...register('password', required)}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
        />
        {errors.password ? (
          <p id={`${id}-password-error`} className="form__error">
            {errors.password.message}
          </p>
        ) : null}
        <label className="form__check">
          <input
            type="checkbox"
            checked={showPassword}
            onChange={(event) => setShowPassword(event.target.checked)}
          />
          {t('auth.login.show_password')}
        </label>
      </div>
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
        {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
      </button>
    </form>
  );
}
