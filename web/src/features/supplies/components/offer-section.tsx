// The supply's offer, and whether it is billed at hourly prices (SPEC §4: offer priceType 'Orario'
// and the meter group's fullCapacityStartDate in the past).
import type { erpSupplies } from '@sportello/contract';
import { isHourlyPriceSupply, todayInRome } from '@sportello/domain';
import { t } from '../i18n';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { offerRoutes } from '../../offers/routes';
import { meterGroupQuery, offerQuery } from '../api/queries';
import { DetailList, DetailSection } from './detail-section';
import { QueryState } from './query-state';

const HOURLY_PRICE_TYPE = 'Orario';

export function useHourlyPrice(supply: erpSupplies.Supply) {
  const offer = useQuery({ ...offerQuery(supply.offerId ?? ''), enabled: Boolean(supply.offerId) });
  const maybeHourly = offer.data?.priceType === HOURLY_PRICE_TYPE;
  const meterGroup = useQuery({ ...meterGroupQuery(supply.key), enabled: maybeHourly });
  const hourly =
    offer.data !== undefined &&
    meterGroup.data !== undefined &&
    isHourlyPriceSupply(offer.data, meterGroup.data, todayInRome(new Date()));
  return { offer, hourly };
}

export function OfferSection({ offer }: { offer: ReturnType<typeof useHourlyPrice>['offer'] }) {
  return (
    <DetailSection heading={t('supplies.detail.offer.heading')}>
      {offer.fetchStatus === 'idle' && offer.status === 'pending' ? (
        <p className="muted">{t('supplies.detail.offer.none')}</p>
      ) : (
        <QueryState status={offer.status} />
      )}
      {offer.data ? (
        <>
          <DetailList
            rows={[
              { label: t('supplies.detail.offer.name'), value: offer.data.name },
              { label: t('supplies.detail.offer.price_type'), value: offer.data.priceType },
            ]}
          />
          {offer.data.description ? <p>{offer.data.description}</p> : null}
          <Link to={offerRoutes.detail.to({ key: offer.data.extKey })}>
            {t('supplies.detail.offer.details')}
          </Link>
        </>
      ) : null}
    </DetailSection>
  );
}
