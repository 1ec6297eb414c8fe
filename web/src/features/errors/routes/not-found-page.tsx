import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../components/error-screen';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen icon="search" heading={t('errors.not_found.heading')} text={t('errors.not_found.text')} />
  );
}
