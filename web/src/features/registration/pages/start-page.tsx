// /registrazione: register as the holder of a contract or as a delegate.
import { Link } from 'react-router';
import { authRoutes } from '../../auth/routes';
import { ChoiceList } from '../components/choice-list';
import { StepPage } from '../components/step-page';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

export default function StartPage() {
  return (
    <StepPage heading={t('registration.start.heading')} intro={t('registration.start.intro')}>
      <ChoiceList
        choices={[
          {
            to: registrationRoutes.type.to(),
            label: t('registration.start.customer'),
            text: t('registration.start.customer_text'),
          },
          {
            to: registrationRoutes.delegate.to(),
            label: t('registration.start.delegate'),
            text: t('registration.start.delegate_text'),
          },
        ]}
      />
      <p>
        <Link to={authRoutes.login.to()}>{t('registration.start.have_account')}</Link>
      </p>
    </StepPage>
  );
}
