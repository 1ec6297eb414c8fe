// /supplies/{id}/edit-shipping-address: where the contract's bills are sent.
import { t } from '../i18n';
import { EditPage } from '../components/edit-page';
import { ShippingAddressForm } from '../components/shipping-address-form';
import { SupplyGate } from '../components/supply-gate';

export default function EditShippingAddressPage() {
  return (
    <SupplyGate>
      {({ supply, contract }) => (
        <EditPage
          supplyId={supply.id}
          heading={t('supplies.shipping.heading')}
          intro={t('supplies.shipping.intro', { number: contract.number })}
        >
          <ShippingAddressForm supply={supply} contract={contract} />
        </EditPage>
      )}
    </SupplyGate>
  );
}
