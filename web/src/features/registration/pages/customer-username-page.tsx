// /registrazione/cliente-sgr/username: username and password of the new customer user.
import { Navigate } from 'react-router';
import { StepPage } from '../components/step-page';
import { UsernameStep } from '../components/username-step';
import { readDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

export default function CustomerUsernamePage() {
  if (!readDraft().customer) return <Navigate to={registrationRoutes.type.to()} replace />;
  return (
    <StepPage
      heading={t('registration.username.heading')}
      step={[4, 5]}
      back={registrationRoutes.supplies.to()}
    >
      <UsernameStep next={registrationRoutes.privacy.to()} />
    </StepPage>
  );
}
