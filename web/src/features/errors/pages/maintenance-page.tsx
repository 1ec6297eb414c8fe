import { t } from '../i18n';
import { ErrorScreen, RetryButton } from '../components/error-screen';

export default function MaintenancePage() {
  return (
    <ErrorScreen
      icon="tools"
      heading={t('errors.maintenance.heading')}
      text={t('errors.maintenance.text')}
      action={<RetryButton />}
    />
  );
}
