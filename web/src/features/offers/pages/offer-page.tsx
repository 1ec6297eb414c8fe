// /offers/{key} (SPEC §2, §7 useExtKey): the offer's name, whether it is hourly-priced (priceType
// 'Orario'), its prices (hourly ones as a spread on the PUN), its conditions and the PDF sheet.
import { erpSupplies, type CallData } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { supplyRoutes } from '../../supplies/routes';
import { callApi } from '../../../shared/api/api-client';
import { callQueryOptions } from '../../../shared/api/call-query';
import { useDownload } from '../../../shared/files/use-download';
import { formatMilliEuro } from '../../../shared/format/format';
import { t } from '../i18n';

type Offer = CallData<typeof erpSupplies.getOffer>;

function Prices({ offer }: { offer: Offer }) {
  if (offer.prices.length === 0) return <p className="card__muted">{t('offers.detail.no_prices')}</p>;
  return (
    <ul className="plain-list">
      {offer.prices.map((price) => {
        const values = {
          price: formatMilliEuro(price.milliEuro),
          unit: t(`offers.detail.units.${price.unit}`),
        };
        return (
          <li key={price.label}>
            <strong>{price.label}</strong>:{' '}
            {price.hourly ? t('offers.detail.price_hourly', values) : t('offers.detail.price', values)}
          </li>
        );
      })}
    </ul>
  );
}

function SheetDownload({ extKey }: { extKey: string }) {
  const { state, download } = useDownload(() =>
    callApi(
      erpSupplies.getOfferDocument,
      { params: { id: extKey }, query: { useExtKey: true } },
      { quiet: true },
    ),
  );
  return (
    <div>
      <button
        type="button"
        className="button button--secondary"
        disabled={state === 'busy'}
        onClick={download}
      >
        {state === 'busy' ? t('offers.detail.downloading') : t('offers.detail.download')}
      </button>
      <p role="status" className="card__muted">
        {state === 'failed' ? t('offers.detail.not_ready') : ''}
      </p>
    </div>
  );
}

export default function OfferPage() {
  const { key = '' } = useParams();
  // Quiet: an offer of someone else's supply is simply not found here.
  const { data: offer, status } = useQuery({
    ...callQueryOptions(
      erpSupplies.getOffer,
      { params: { id: key }, query: { useExtKey: true } },
      { quiet: true },
    ),
    staleTime: 60 * 60_000,
  });
  return (
    <div className="page page--narrow">
      <p>
        <Link to={supplyRoutes.list.to()} className="button button--ghost">
          {t('offers.detail.back')}
        </Link>
      </p>
      {status === 'pending' ? <p className="card__muted">{t('offers.loading')}</p> : null}
      {status === 'error' ? (
        <>
          <h1 className="page__title">{t('offers.detail.not_found')}</h1>
          <p>{t('offers.detail.not_found_text')}</p>
        </>
      ) : null}
      {offer ? (
        <>
          <h1 className="page__title">{offer.name}</h1>
          <p className="card__highlight">
            {offer.hourly ? t('offers.detail.hourly') : t('offers.detail.fixed', { type: offer.priceType })}
          </p>
          {offer.description ? <p>{offer.description}</p> : null}
          <section className="card" aria-labelledby="offer-prices">
            <h2 id="offer-prices" className="card__title">
              {t('offers.detail.prices')}
            </h2>
            <Prices offer={offer} />
          </section>
          <section className="card" aria-labelledby="offer-conditions">
            <h2 id="offer-conditions" className="card__title">
              {t('offers.detail.conditions')}
            </h2>
            {offer.conditions.length === 0 ? (
              <p className="card__muted">{t('offers.detail.no_conditions')}</p>
            ) : (
              <ul className="plain-list">
                {offer.conditions.map((condition) => (
                  <li key={condition}>{condition}</li>
                ))}
              </ul>
            )}
          </section>
          <SheetDownload extKey={offer.extKey} />
        </>
      ) : null}
    </div>
  );
}
