// /crea-psw?token=…: the first password of an account created without one (link module 5, create).
import { NewPasswordPage } from '../components/new-password-page';
import { t } from '../i18n';

export default function CreatePasswordPage() {
  return <NewPasswordPage heading={t('registration.reset.create_heading')} />;
}
