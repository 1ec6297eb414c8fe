// /registrazione/cliente-sgr: private, company or condominium (each asks a different tax code).
import { REGISTRATION_CUSTOMER_TYPES } from '@sportello/domain';
import { ChoiceList } from '../components/choice-list';
import { StepPage } from '../components/step-page';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

export default function CustomerTypePage() {
  return (
    <StepPage heading={t('registration.type.heading')} step={[1, 5]} back={registrationRoutes.start.to()}>
      <ChoiceList
        choices={REGISTRATION_CUSTOMER_TYPES.map((type) => ({
          to: registrationRoutes.data.to({ type }),
          label: t(`registration.type.${type}`),
          text: t(`registration.type.${type}_text`),
        }))}
      />
    </StepPage>
  );
}
