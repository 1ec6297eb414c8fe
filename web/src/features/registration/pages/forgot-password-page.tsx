// /password-dimenticata: recover by username or by client code and tax code.
import { ChoiceList } from '../components/choice-list';
import { StepPage } from '../components/step-page';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';
import { authRoutes } from '../../auth/routes';

export default function ForgotPasswordPage() {
  return (
    <StepPage
      heading={t('registration.forgot.heading')}
      intro={t('registration.forgot.intro')}
      back={authRoutes.login.to()}
    >
      <ChoiceList
        choices={[
          {
            to: registrationRoutes.forgotUsername.to(),
            label: t('registration.forgot.by_username'),
            text: t('registration.forgot.username_heading'),
          },
          {
            to: registrationRoutes.forgotCode.to(),
            label: t('registration.forgot.by_code'),
            text: t('registration.forgot.code_heading'),
          },
        ]}
      />
    </StepPage>
  );
}
