// /supplies/{id}/edit-shipping-address: where the contract's bills are sent; while an earlier
// change is being processed, the page says so instead of offering the form.
import { t } from '../i18n';
import { EditPage } from '../components/edit-page';
import { ShippingAddressForm } from '../components/shipping-address-form';
import { ShippingAddressChange } from '../components/shipping-address-section';
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
            {contract.shippingAddressChange ? (
              <ShippingAddressChange change={contract.shippingAddressChange} />
            ) : (
              <ShippingAddressForm supply={supply} contract={contract} onDone={feedback.show} />
            )}
          </EditPage>
        )}
      </SupplyGate>
    </>
  );
}
