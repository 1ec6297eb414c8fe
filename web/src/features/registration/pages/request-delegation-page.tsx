// /profile/request-delegation (logged in, before a customer is chosen): the delegator's client code
// and tax code; the delegator confirms from a link e-mailed to the address on file.
import { registration } from '@sportello/contract';
import { callApi } from '../../../shared/api/api-client';
import { customerRoutes } from '../../customers/routes';
import { CodesForm } from '../components/codes-form';
import { StepPage } from '../components/step-page';
import { t } from '../i18n';

export default function RequestDelegationPage() {
  return (
    <StepPage heading={t('registration.request.heading')} intro={t('registration.request.intro')}>
      <CodesForm
        submitLabel={t('registration.request.submit')}
        onSend={async (body) => {
          const { status } = await callApi(registration.requestDelegation, { body });
          return {
            title: t(`registration.request.${status}_title`),
            description: t(`registration.request.${status}_text`),
            actions: [{ label: t('registration.request.to_customers'), to: customerRoutes.choice.to() }],
          };
        }}
      />
    </StepPage>
  );
}
