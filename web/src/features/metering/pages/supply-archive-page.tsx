// /self-reading/{id}/archive (SPEC §2, module letture): one supply's readings of the last two years.
import { useQuery } from '@tanstack/react-query';
import { erpSupplies } from '@sportello/contract';
import { Link, useParams } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { supplyName } from '../../../shared/format/supply-label';
import { useAvailablePath } from '../../../shared/navigation/route-availability';
import { readingsQuery } from '../api/queries';
import { ReadingsTable } from '../components/readings-table';
import { t } from '../i18n';
import '../metering.css';
import { meteringRoutes } from '../routes';

export default function SupplyArchivePage() {
  const { id = '' } = useParams();
  const supply = useQuery(callQueryOptions(erpSupplies.getSupply, { params: { id } }));
  const readings = useQuery(readingsQuery(id));
  const send = useAvailablePath(meteringRoutes.selfReading, { id });
  const name = supply.data ? supplyName(supply.data) : id;
  return (
    <div className="page metering-page">
      <h1 className="page__title">{t('metering.titles.archive')}</h1>
      <p className="page__subtitle">{name}</p>
      <p className="muted">{t('metering.archive.intro')}</p>
      {send ? (
        <p>
          <Link className="button button--primary" to={send}>
            {t('metering.archive.send')}
          </Link>
        </p>
      ) : null}
      {readings.isPending ? <p className="muted">{t('metering.loading')}</p> : null}
      {readings.isError ? <p className="muted">{t('metering.load_error')}</p> : null}
      {readings.data ? (
        <ReadingsTable
          readings={readings.data.readings}
          caption={t('metering.archive.caption', { supply: name })}
        />
      ) : null}
    </div>
  );
}
