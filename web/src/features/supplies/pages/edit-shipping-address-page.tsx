// /supplies/{id}/edit-shipping-address: where the contract's bills are sent; while an earlier
// change is being processed, the page says so instead of offering the form.
import { t } from '../i18n';
import { EditPage } from '../components/edit-page';
import { ShippingAddressChange } from '../components/shipping-address-section';
import { SupplyGate } from '../components/supply-gate';
import { supplyRoutes } from '../routes';
import { ShippingAddressForm } from '../../../shared/forms/shipping-address-form';
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
              <ShippingAddressForm
                contract={contract}
                cancelTo={supplyRoutes.detail.to({ id: supply.id })}
                onDone={() =>
                  feedback.show({
                    title: t('supplies.shipping.success_title'),
                    description: t('supplies.shipping.success_text'),
                    actions: [
                      { label: t('supplies.back_to_supply'), to: supplyRoutes.detail.to({ id: supply.id }) },
                    ],
                  })
                }
              />
            )}
          </EditPage>
        )}
      </SupplyGate>
    </>
  );
}
