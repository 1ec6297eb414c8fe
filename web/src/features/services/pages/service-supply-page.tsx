// /services/{index}/{supplyid} (SPEC §2): one service's state on one supply, and what to do next.
import { Link, useParams } from 'react-router';
import { requestRoutes } from '../../requests/routes';
import {
  BackToServices,
  ServiceGate,
  StateBadge,
  SupplyActions,
  supplyLabel,
} from '../components/service-parts';
import { t } from '../i18n';
import '../services.css';

export default function ServiceSupplyPage() {
  const { index, supplyid } = useParams();
  return (
    <div className="page page--narrow">
      <BackToServices />
      <ServiceGate index={index}>
        {(service) => {
          const supply = service.supplies.find((s) => s.supplyId === supplyid || s.supplyKey === supplyid);
          if (!supply) return <p className="muted">{t('services.not_found')}</p>;
          return (
            <>
              <div className="page__head">
                <div>
                  <h1 className="page__title">{service.name}</h1>
                  <p className="page__intro">{supplyLabel(supply)}</p>
                </div>
              </div>
              <div className="card service-supply">
                <p>
                  {t('services.service.state_on')}: <StateBadge state={supply.state} />
                </p>
                {supply.email ? <p>{t('services.bollettaclick.email_to', { email: supply.email })}</p> : null}
                <p className="muted">{t('services.point_code', { code: supply.pointCode })}</p>
                {supply.state === 'active' ? <p>{t('services.service.active_note')}</p> : null}
                <div className="service-supply__actions">
                  <SupplyActions service={service} supply={supply} />
                  {supply.state === 'pending' ? (
                    <Link to={requestRoutes.list.to()}>{t('services.service.requests')}</Link>
                  ) : null}
                </div>
              </div>
            </>
          );
        }}
      </ServiceGate>
    </div>
  );
}
