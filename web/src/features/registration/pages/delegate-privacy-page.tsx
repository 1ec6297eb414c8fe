// /registrazione/delegate/privacy: consents, then the delegate is created and the delegation asked.
import { Navigate } from 'react-router';
import { PrivacyStep } from '../components/privacy-step';
import { StepPage } from '../components/step-page';
import { readDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

export default function DelegatePrivacyPage() {
  const draft = readDraft();
  if (!draft.delegate && !draft.username) return <Navigate to={registrationRoutes.delegate.to()} replace />;
  return (
    <StepPage
      heading={t('registration.privacy.heading')}
      step={[5, 5]}
      back={registrationRoutes.delegateUsername.to()}
    >
      <PrivacyStep usernameStep={registrationRoutes.delegateUsername.to()} />
    </StepPage>
  );
}
