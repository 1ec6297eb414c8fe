// /supplies (SPEC §2): every supply of the chosen customer with its commodity, name (nickname or
// address) and status, each leading to its page.
import type { erpSupplies } from '@sportello/contract';
import { t } from '../i18n';
import { Link } from 'react-router';
import { useAppStore } from '../../../shared/state/app-store';
import { useQuery } from '@tanstack/react-query';
import { suppliesQuery } from '../api/queries';
import { CommodityIcon } from '../../../shared/ui/commodity-icon';
import { QueryState } from '../components/query-state';
import { SupplyStatus } from '../components/supply-status';
import { supplyAddressLine, supplyName } from '../../../shared/format/supply-label';
import { supplyRoutes } from '../routes';
import '../supplies.css';

function SupplyCard({ supply }: { supply: erpSupplies.Supply }) {
  return (
    <li className={`supply-card supply-card--${supply.commodity}`}>
      <CommodityIcon commodity={supply.commodity} label={t(`supplies.commodity.${supply.commodity}`)} />
      <div className="supply-card__body">
        <h2 className="supply-card__name">
          <Link to={supplyRoutes.detail.to({ id: supply.id })} className="supply-card__link">
            {supplyName(supply)}
          </Link>
        </h2>
        <p className="supply-card__line">{supplyAddressLine(supply)}</p>
        <p className="supply-card__line">
          {t(`supplies.point_code_label.${supply.commodity}`)} {supply.pointCode}
        </p>
      </div>
      <SupplyStatus status={supply.status} />
    </li>
  );
}

export default function SuppliesPage() {
  const customer = useAppStore((state) => state.customer);
  const supplies = useQuery({ ...suppliesQuery(customer?.key ?? ''), enabled: Boolean(customer) });
  // The guards never let a user here without a customer.
  if (!customer) return null;
  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('supplies.list.heading')}</h1>
          <p className="page__intro">{t('supplies.list.intro', { name: customer.account.name })}</p>
        </div>
      </div>
      <div aria-busy={supplies.status === 'pending'}>
        <QueryState status={supplies.status} />
        {supplies.data ? (
          supplies.data.supplies.length ? (
            <ul className="supply-cards">
              {supplies.data.supplies.map((supply) => (
                <SupplyCard key={supply.id} supply={supply} />
              ))}
            </ul>
          ) : (
            <p className="muted">{t('supplies.list.empty')}</p>
          )
        ) : null}
      </div>
    </div>
  );
}
