// /registrazione/delegate/username: username and password of the delegate.
import { Navigate } from 'react-router';
import { StepPage } from '../components/step-page';
import { UsernameStep } from '../components/username-step';
import { readDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

export default function DelegateUsernamePage() {
  if (!readDraft().delegate?.address) return <Navigate to={registrationRoutes.delegate.to()} replace />;
  return (
    <StepPage
      heading={t('registration.username.heading')}
      step={[4, 5]}
      back={registrationRoutes.delegateAddress.to()}
    >
      <UsernameStep next={registrationRoutes.delegatePrivacy.to()} />
    </StepPage>
  );
}
