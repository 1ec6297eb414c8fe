// /profile/edit-shipping-address: where the bills of each of the customer's contracts are sent.
// The change is a requests/shippingAddress of the chosen contract (SPEC §7), asked with the same
// address form as the supply page; while one is being processed the page says so instead.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customerContractsQuery } from '../../../shared/api/supplies-query';
import { formatInstantDate } from '../../../shared/format/format';
import { shippingAddressLines } from '../../../shared/format/shipping-address';
import { SelectField } from '../../../shared/forms/select-field';
import { ShippingAddressForm } from '../../../shared/forms/shipping-address-form';
import { useAppStore } from '../../../shared/state/app-store';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { ProfileFrame } from '../components/profile-frame';
import { t } from '../i18n';
import { profileRoutes } from '../routes';

const LABELS = {
  building: t('profile.shipping.building'),
  floor: t('profile.shipping.floor'),
  flatNumber: t('profile.shipping.flat_number'),
};

export default function EditShippingAddressPage() {
  // Guard 9 lets a user here only with a customer chosen: the store's key is enough (the profile's
  // own reads of the user and customer would put this page over its 40 KB budget).
  const customerKey = useAppStore((state) => state.customer?.key ?? '');
  const { data } = useSuspenseQuery(customerContractsQuery(customerKey));
  const feedback = useFeedback();
  const [chosenKey, setChosenKey] = useState(data.contracts[0]?.key ?? '');
  const contract = data.contracts.find((c) => c.key === chosenKey) ?? data.contracts[0];

  if (!contract) {
    return (
      <ProfileFrame heading={t('profile.shipping.heading')}>
        <p>{t('profile.shipping.no_contracts')}</p>
      </ProfileFrame>
    );
  }
  const change = contract.shippingAddressChange;
  return (
    <ProfileFrame heading={t('profile.shipping.heading')} intro={t('profile.shipping.intro')}>
      {feedback.panel}
      {data.contracts.length > 1 ? (
        <SelectField
          label={t('profile.shipping.contract')}
          placeholder={t('profile.shipping.choose')}
          value={contract.key}
          onChange={(event) => setChosenKey(event.target.value)}
          options={data.contracts.map((c) => ({
            value: c.key,
            label: t('profile.shipping.contract_option', { number: c.number, name: c.name }),
          }))}
        />
      ) : null}
      {contract.shippingAddress ? (
        <p>
          {t('profile.shipping.current')}{' '}
          <strong>{shippingAddressLines(contract.shippingAddress, LABELS).join(', ')}</strong>
        </p>
      ) : (
        <p>{t('profile.shipping.none')}</p>
      )}
      {change ? (
        <p className="notice notice--warning" role="status">
          {t('profile.shipping.in_progress', { date: formatInstantDate(change.requestedAt) })}
        </p>
      ) : (
        <ShippingAddressForm
          key={contract.key}
          contract={contract}
          cancelTo={profileRoutes.profile.to()}
          onDone={() =>
            feedback.show({
              title: t('profile.shipping.done_title'),
              description: t('profile.shipping.done'),
              actions: [{ label: t('profile.back'), to: profileRoutes.profile.to() }],
            })
          }
        />
      )}
    </ProfileFrame>
  );
}
