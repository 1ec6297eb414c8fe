// /registrazione/delegate/address: the delegate's address, with the address service's town and
// street suggestions, checked (score of at least 50, SPEC §5) before going on; a refused address
// keeps everything typed.
import { Navigate, useNavigate } from 'react-router';
import { AddressForm } from '../../../shared/forms/address-form';
import { StepPage, SubmitButton } from '../components/step-page';
import { readDraft, updateDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

export default function DelegateAddressPage() {
  const navigate = useNavigate();
  const delegate = readDraft().delegate;
  if (!delegate?.email) return <Navigate to={registrationRoutes.delegate.to()} replace />;

  return (
    <StepPage
      heading={t('registration.delegate.address_heading')}
      step={[3, 5]}
      back={registrationRoutes.delegateContacts.to()}
    >
      <AddressForm
        initial={delegate.address}
        actions={(submitting) => <SubmitButton submitting={submitting} />}
        onValid={async ({ streetName, civicNumber, postalCode, city, province }) => {
          updateDraft({
            delegate: { ...delegate, address: { streetName, civicNumber, postalCode, city, province } },
          });
          await navigate(registrationRoutes.delegateUsername.to());
        }}
      />
    </StepPage>
  );
}
