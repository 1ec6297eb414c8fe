// /registrazione/cliente-sgr/privacy: consents, then the user is created and tied to the customer.
import { Navigate } from 'react-router';
import { PrivacyStep } from '../components/privacy-step';
import { StepPage } from '../components/step-page';
import { readDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

export default function CustomerPrivacyPage() {
  const draft = readDraft();
  // After success the draft is cleared while the feedback panel is still showing.
  if (!draft.customer && !draft.username) return <Navigate to={registrationRoutes.type.to()} replace />;
  return (
    <StepPage
      heading={t('registration.privacy.heading')}
      step={[5, 5]}
      back={registrationRoutes.username.to()}
    >
      <PrivacyStep usernameStep={registrationRoutes.username.to()} />
    </StepPage>
  );
}
