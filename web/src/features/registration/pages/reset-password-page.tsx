// /recupero-psw?token=…: a new password for an account that had one (link module 5, reset).
import { NewPasswordPage } from '../components/new-password-page';
import { t } from '../i18n';

export default function ResetPasswordPage() {
  return <NewPasswordPage heading={t('registration.reset.heading')} />;
}
