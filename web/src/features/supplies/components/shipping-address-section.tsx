// Where the contract's bills are sent, with the way to change it; while a change is being
// processed (SPEC §8 'variation in progress'), the address asked for instead of the way to change.
import type { erpSupplies } from '@sportello/contract';
import { t } from '../i18n';
import { Link } from 'react-router';
import { formatInstantDate } from '../../../shared/format/format';
import { shippingAddressLines } from '../../../shared/format/shipping-address';
import { supplyRoutes } from '../routes';
import { DetailSection } from './detail-section';

function PostalAddress({ address }: { address: erpSupplies.ShippingAddress }) {
  const lines = shippingAddressLines(address, {
    building: t('supplies.shipping.building'),
    floor: t('supplies.shipping.floor'),
    flatNumber: t('supplies.shipping.flat_number'),
  });
  return (
    <address className="postal-address">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}

/** The notice of a change being processed, with the address asked for when known. */
export function ShippingAddressChange({
  change,
}: {
  change: NonNullable<erpSupplies.Contract['shippingAddressChange']>;
}) {
  return (
    <div className="notice notice--warning change-notice" role="status">
      <p className="notice__title">{t('supplies.detail.shipping.in_progress_title')}</p>
      <p>{t('supplies.detail.shipping.in_progress', { date: formatInstantDate(change.requestedAt) })}</p>
      {change.shippingAddress ? <PostalAddress address={change.shippingAddress} /> : null}
      <p>{t('supplies.detail.shipping.in_progress_next')}</p>
    </div>
  );
}

export function ShippingAddressSection({
  supplyId,
  contract,
}: {
  supplyId: string;
  contract: erpSupplies.Contract;
}) {
  const address = contract.shippingAddress;
  const change = contract.shippingAddressChange;
  return (
    <DetailSection
      heading={t('supplies.detail.shipping.heading')}
      actions={
        change ? null : (
          <Link
            to={supplyRoutes.editShippingAddress.to({ id: supplyId })}
            className="button button--secondary"
          >
            {t('supplies.detail.shipping.edit')}
          </Link>
        )
      }
    >
      {address ? (
        <PostalAddress address={address} />
      ) : (
        <p className="muted">{t('supplies.detail.shipping.none')}</p>
      )}
      {change ? <ShippingAddressChange change={change} /> : null}
    </DetailSection>
  );
}
