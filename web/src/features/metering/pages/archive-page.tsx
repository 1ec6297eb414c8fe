// /self-reading/archive (SPEC §2, module letture): the readings of every supply of the customer.
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { customerSuppliesQuery } from '../../../shared/api/supplies-query';
import { supplyNameWithPoint } from '../../../shared/format/supply-label';
import { useAppStore } from '../../../shared/state/app-store';
import { readingsQuery } from '../api/queries';
import { ReadingsTable } from '../components/readings-table';
import { t } from '../i18n';
import '../metering.css';
import { meteringRoutes } from '../routes';

export default function ArchivePage() {
  const customerKey = useAppStore((state) => state.customer?.key ?? '');
  const supplies = useQuery({
    ...customerSuppliesQuery(customerKey),
    enabled: customerKey !== '',
  });
  const list = supplies.data?.supplies ?? [];
  const readings = useQueries({ queries: list.map((s) => readingsQuery(s.id)) });
  return (
    <div className="page metering-page">
      <h1 className="page__title">{t('metering.titles.archive')}</h1>
      <p className="muted">{t('metering.archive.intro')}</p>
      {supplies.isPending ? <p className="muted">{t('metering.loading')}</p> : null}
      {supplies.isError ? <p className="muted">{t('metering.load_error')}</p> : null}
      {supplies.data && list.length === 0 ? (
        <p className="empty-state">{t('metering.archive.no_supplies')}</p>
      ) : null}
      {list.map((supply, i) => {
        const data = readings[i]?.data;
        return (
          <section key={supply.id} className="archive-supply" aria-labelledby={`archive-${supply.id}`}>
            <h2 id={`archive-${supply.id}`}>
              <Link to={meteringRoutes.supplyArchive.to({ id: supply.id })}>
                {supplyNameWithPoint(supply)}
              </Link>
            </h2>
            {data ? (
              <ReadingsTable
                readings={data.readings}
                caption={t('metering.archive.caption', { supply: supplyNameWithPoint(supply) })}
              />
            ) : (
              <p className="muted">
                {readings[i]?.isError ? t('metering.load_error') : t('metering.loading')}
              </p>
            )}
          </section>
        );
      })}
    </div>
  );
}
