// /password-dimenticata/codice-cliente: the link goes to the user of the customer so named.
import { registration } from '@sportello/contract';
import { send } from '../api/send';
import { CodesForm } from '../components/codes-form';
import { resetSent } from '../components/reset-sent';
import { StepPage } from '../components/step-page';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

export default function ForgotByCodePage() {
  return (
    <StepPage
      heading={t('registration.forgot.code_heading')}
      intro={t('registration.forgot.intro')}
      back={registrationRoutes.forgot.to()}
    >
      <CodesForm
        submitLabel={t('registration.forgot.submit')}
        onSend={async (body) => {
          await send(registration.startPasswordReset, { body });
          return resetSent();
        }}
      />
    </StepPage>
  );
}
