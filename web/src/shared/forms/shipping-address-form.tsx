// A contract's new shipping address (SPEC §7 requests/shippingAddress), asked from the supply page
// and from the profile: the address form filled with the address in force, then the request. A
// request counts as sent only with an id above 0 (SPEC §5).
import { erpSupplies } from '@sportello/contract';
import { isRequestSuccess } from '@sportello/domain';
import { useMutation } from '@tanstack/react-query';
import { callMutation } from '../api/call-query';
import { showPopup } from '../ui/popup-store';
import { AddressForm, type AddressInput, type CheckedAddress } from './address-form';
import { FormActions } from './form-actions';

const requestShippingAddress = callMutation(erpSupplies.requestShippingAddress, {
  invalidates: () => [erpSupplies.getContract, erpSupplies.listContracts],
});

function initialValues(address: erpSupplies.ShippingAddress | null): Partial<AddressInput> {
  if (!address) return {};
  return {
    city: address.city,
    province: address.province,
    streetName: [address.streetGeneric, address.streetName].filter(Boolean).join(' '),
    civicNumber: address.civicNumber,
    civicNumberExt: address.civicNumberExt ?? '',
    postalCode: address.postalCode,
    locality: address.locality ?? '',
    building: address.building ?? '',
    floor: address.floor ?? '',
    flatNumber: address.flatNumber ?? '',
  };
}

const toShippingAddress = (address: CheckedAddress): erpSupplies.ShippingAddress => ({
  streetGeneric: null,
  streetName: address.streetName,
  civicNumber: address.civicNumber,
  civicNumberExt: address.civicNumberExt || null,
  city: address.city,
  province: address.province,
  postalCode: address.postalCode,
  locality: address.locality || null,
  istatCode: address.istatCode,
  country: 'IT',
  floor: address.floor || null,
  building: address.building || null,
  flatNumber: address.flatNumber || null,
});

export function ShippingAddressForm({
  contract,
  cancelTo,
  onDone,
}: {
  contract: erpSupplies.Contract;
  cancelTo: string;
  onDone: () => void;
}) {
  const request = useMutation(requestShippingAddress);
  return (
    <AddressForm
      details
      initial={initialValues(contract.shippingAddress)}
      actions={(submitting) => <FormActions submitting={submitting} cancelTo={cancelTo} />}
      onValid={async (address, refuse) => {
        const created = await request
          .mutateAsync({ body: { contractKey: contract.key, shippingAddress: toShippingAddress(address) } })
          .catch((failure: unknown) => {
            refuse(failure, 'shippingAddress.');
            return null;
          });
        if (!created) return;
        if (!isRequestSuccess(created.id)) {
          showPopup();
          return;
        }
        onDone();
      }}
    />
  );
}
