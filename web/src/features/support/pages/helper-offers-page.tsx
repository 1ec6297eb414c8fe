// /helpers/offers (no login): the brand's offers, each leading to its page /offers/{key}.
import { erpServices } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { useBrand } from '../../../shared/brands/use-brand';
import { t } from '../i18n';
import '../support.css';

/** The offer page's path (SPEC §2 /offers/{key}). */
const offerPath = (key: string) => `/offers/${encodeURIComponent(key)}`;

export default function HelperOffersPage() {
  const brand = useBrand();
  const offers = useQuery({
    ...callQueryOptions(erpServices.listOffers, { query: { company: brand.code } }),
    staleTime: 60 * 60_000,
  });
  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('support.helper_offers.heading', { brand: brand.name })}</h1>
          <p className="page__intro">{t('support.helper_offers.intro')}</p>
        </div>
      </div>
      <div aria-busy={offers.status === 'pending'}>
        {offers.status === 'pending' ? <p className="muted">{t('support.helper_offers.loading')}</p> : null}
        {offers.status === 'error' ? <p className="muted">{t('support.helper_offers.error')}</p> : null}
        {offers.data ? (
          offers.data.offers.length ? (
            <ul className="offer-cards">
              {offers.data.offers.map((offer) => (
                <li key={offer.key} className="support-card">
                  <p className="muted">{t(`support.helper_offers.commodity.${offer.commodity}`)}</p>
                  <h2 className="support-card__title">
                    <Link
                      to={offerPath(offer.key)}
                      aria-label={t('support.helper_offers.details', { name: offer.name })}
                    >
                      {offer.name}
                    </Link>
                  </h2>
                  {offer.description ? <p>{offer.description}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('support.helper_offers.empty')}</p>
          )
        ) : null}
      </div>
    </div>
  );
}
