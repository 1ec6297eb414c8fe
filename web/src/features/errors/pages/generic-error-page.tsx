import { t } from '../i18n';
import { ErrorScreen, RetryButton } from '../components/error-screen';

export default function GenericErrorPage() {
  return (
    <ErrorScreen
      icon="alert"
      heading={t('errors.generic.heading')}
      text={t('errors.generic.text')}
      action={<RetryButton />}
    />
  );
}
