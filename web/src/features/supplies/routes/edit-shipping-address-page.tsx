// /supplies/{id}/edit-shipping-address: where the contract's bills are sent.
import { t } from '../i18n';
import { EditPage } from '../components/edit-page';
import { ShippingAddressForm } from '../components/shipping-address-form';
import { SupplyGate } from '../components/supply-gate';
import { useFeedback } from '../../../shared/ui/feedback-panel';

export default function EditShippingAddressPage() {
  const feedback = useFeedback();
  return (
    <>
      {feedback.panel}
      <SupplyGate>
        {({ supply, contract }) => (
          <EditPage
            supplyId={supply.id}
            heading={t('supplies.shipping.heading')}
            intro={t('supplies.shipping.intro', { number: contract.number })}
          >
            <ShippingAddressForm supply={supply} contract={contract} onDone={feedback.show} />
          </EditPage>
        )}
      </SupplyGate>
    </>
  );
}
