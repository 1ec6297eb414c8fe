// New password and its confirmation. After the first submit every unmet rule of SPEC §5 shows under
// the password, kept in sync while typing; 'Le password non corrispondono' under the confirmation.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../shared/forms/text-field';
import { t } from '../i18n';
import { passwordMessages } from './rules';

export function PasswordFields({
  password,
  confirm,
  value,
  submitted,
  confirmError,
}: {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  value: string;
  submitted: boolean;
  confirmError: string | undefined;
}) {
  const issues = submitted ? passwordMessages(value) : '';
  return (
    <>
      <TextField
        label={t('registration.username.password')}
        hint={t('registration.username.password_hint')}
        error={issues || undefined}
        required
        type="password"
        autoComplete="new-password"
        {...password}
      />
      <TextField
        label={t('registration.username.confirm')}
        error={confirmError}
        required
        type="password"
        autoComplete="new-password"
        {...confirm}
      />
    </>
  );
}
