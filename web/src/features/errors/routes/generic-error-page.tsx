import { useTranslation } from 'react-i18next';
import { ErrorScreen, RetryButton } from '../components/error-screen';

export default function GenericErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      icon="alert"
      heading={t('errors.generic.heading')}
      text={t('errors.generic.text')}
      action={<RetryButton />}
    />
  );
}
