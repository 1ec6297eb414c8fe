// Where the contract's bills are sent, with the way to change it.
import type { erpSupplies } from '@sportello/contract';
import { t } from '../i18n';
import { Link } from 'react-router';
import { shippingAddressLines } from '../format';
import { supplyRoutes } from '../routes';
import { DetailSection } from './detail-section';

export function ShippingAddressSection({
  supplyId,
  contract,
}: {
  supplyId: string;
  contract: erpSupplies.Contract;
}) {
  const address = contract.shippingAddress;
  const lines = address
    ? shippingAddressLines(address, {
        building: t('supplies.shipping.building'),
        floor: t('supplies.shipping.floor'),
        flatNumber: t('supplies.shipping.flat_number'),
      })
    : [];
  return (
    <DetailSection
      heading={t('supplies.detail.shipping.heading')}
      actions={
        <Link to={supplyRoutes.editShippingAddress.to({ id: supplyId })} className="button button--secondary">
          {t('supplies.detail.shipping.edit')}
        </Link>
      }
    >
      {address ? (
        <address className="postal-address">
          {lines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      ) : (
        <p className="muted">{t('supplies.detail.shipping.none')}</p>
      )}
    </DetailSection>
  );
}
