// /services/{index} (SPEC §2): one service and its state on each of the customer's supplies it
// fits, with what each can do next.
import { Link, useParams } from 'react-router';
import {
  BackToServices,
  ServiceGate,
  StateBadge,
  SupplyActions,
  supplyLabel,
} from '../components/service-parts';
import { t } from '../i18n';
import { serviceRoutes } from '../routes';
import '../services.css';

export default function ServicePage() {
  const { index } = useParams();
  return (
    <div className="page">
      <BackToServices />
      <ServiceGate index={index}>
        {(service) => (
          <>
            <div className="page__head">
              <div>
                <h1 className="page__title">{service.name}</h1>
                <p className="page__intro">{service.description}</p>
              </div>
            </div>
            <h2 className="service-card__name">{t('services.service.supplies')}</h2>
            {service.supplies.length ? (
              <ul className="service-supplies">
                {service.supplies.map((supply) => (
                  <li key={supply.supplyId} className="service-supply">
                    <StateBadge state={supply.state} />
                    <p className="service-supply__name">{supplyLabel(supply)}</p>
                    <p className="muted">{t('services.point_code', { code: supply.pointCode })}</p>
                    <div className="service-supply__actions">
                      <SupplyActions service={service} supply={supply} />
                      <Link
                        to={serviceRoutes.serviceSupply.to({
                          index: String(service.index),
                          supplyid: supply.supplyId,
                        })}
                        aria-label={t('services.service.details_on', {
                          service: service.name,
                          supply: supplyLabel(supply),
                        })}
                      >
                        {t('services.service.details')}
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('services.list.no_supply')}</p>
            )}
          </>
        )}
      </ServiceGate>
    </div>
  );
}
