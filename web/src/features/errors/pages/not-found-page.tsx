import { t } from '../i18n';
import { ErrorScreen } from '../components/error-screen';

export default function NotFoundPage() {
  return (
    <ErrorScreen icon="search" heading={t('errors.not_found.heading')} text={t('errors.not_found.text')} />
  );
}
