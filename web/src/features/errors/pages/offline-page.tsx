import { t } from '../i18n';
import { ErrorScreen, RetryButton } from '../components/error-screen';

export default function OfflinePage() {
  return (
    <ErrorScreen
      icon="offline"
      heading={t('errors.offline.heading')}
      text={t('errors.offline.text')}
      action={<RetryButton />}
    />
  );
}
