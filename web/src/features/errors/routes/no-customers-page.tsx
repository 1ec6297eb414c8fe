import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../components/error-screen';

export default function NoCustomersPage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      icon="clock"
      heading={t('errors.no_customers.heading')}
      text={t('errors.no_customers.text')}
    />
  );
}
