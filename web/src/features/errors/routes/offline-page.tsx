import { useTranslation } from 'react-i18next';
import { ErrorScreen, RetryButton } from '../components/error-screen';

export default function OfflinePage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      icon="offline"
      heading={t('errors.offline.heading')}
      text={t('errors.offline.text')}
      action={<RetryButton />}
    />
  );
}
