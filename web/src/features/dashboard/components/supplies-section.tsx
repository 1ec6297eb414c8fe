import type { erpSupplies } from '@sportello/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { t } from '../i18n';
import { Link } from 'react-router';
import { supplyRoutes } from '../../supplies/routes';
import { supplyAddressLine, supplyName } from '../../../shared/format/supply-label';
import { CommodityIcon } from '../../../shared/ui/commodity-icon';
import { activeSupplies } from '../api/queries';
import { DashboardSection } from './dashboard-section';

type Supply = erpSupplies.Supply;

function SupplyItem({ supply }: { supply: Supply }) {
  const name = supplyName(supply);
  return (
    <li className={`supply supply--${supply.commodity}`}>
      <CommodityIcon commodity={supply.commodity} className="supply__icon" />
      <div className="supply__body">
        <p className="supply__name">
          <Link to={supplyRoutes.detail.to({ id: supply.id })}>{name}</Link>
          <span className="supply__kind"> · {t(`dashboard.supplies.commodity.${supply.commodity}`)}</span>
        </p>
        <p className="supply__address">{supplyAddressLine(supply)}</p>
        <p className="supply__code">{t('dashboard.supplies.point_code', { code: supply.pointCode })}</p>
      </div>
    </li>
  );
}

/** The dashboard is an overview: a customer with many supplies sees the first few and a count. */
const SHOWN_SUPPLIES = 6;

function ActiveSupplies({ customerKey }: { customerKey: string }) {
  const { data } = useSuspenseQuery(activeSupplies(customerKey));
  const hidden = data.count - SHOWN_SUPPLIES;
  return data.supplies.length ? (
    <>
      <ul className="supply-list">
        {data.supplies.slice(0, SHOWN_SUPPLIES).map((supply) => (
          <SupplyItem key={supply.id} supply={supply} />
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="card__muted">
          <Link to={supplyRoutes.list.to()}>{t('dashboard.supplies.more', { count: hidden })}</Link>
        </p>
      ) : null}
    </>
  ) : (
    <p className="card__muted">{t('dashboard.supplies.empty')}</p>
  );
}

export function SuppliesSection({ customerKey }: { customerKey: string }) {
  return (
    <DashboardSection heading={t('dashboard.supplies.heading')} className="card--wide">
      <ActiveSupplies customerKey={customerKey} />
    </DashboardSection>
  );
}
