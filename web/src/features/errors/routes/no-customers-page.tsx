import { t } from '../i18n';
import { ErrorScreen } from '../components/error-screen';

export default function NoCustomersPage() {
  return (
    <ErrorScreen
      icon="clock"
      heading={t('errors.no_customers.heading')}
      text={t('errors.no_customers.text')}
    />
  );
}
