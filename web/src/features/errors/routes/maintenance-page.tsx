import { useTranslation } from 'react-i18next';
import { ErrorScreen, RetryButton } from '../components/error-screen';

export default function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      icon="tools"
      heading={t('errors.maintenance.heading')}
      text={t('errors.maintenance.text')}
      action={<RetryButton />}
    />
  );
}
