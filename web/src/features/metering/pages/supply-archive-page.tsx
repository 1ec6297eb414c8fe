// /self-reading/{id}/archive (SPEC §2, module letture): one supply's readings of the last two years,
// or of a chosen period, with a CSV of the readings shown.
import { addDays, todayInRome } from '@sportello/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { erpSupplies } from '@sportello/contract';
import { Link, useParams } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { supplyNameWithPoint } from '../../../shared/format/supply-label';
import { useAvailablePath } from '../../../shared/navigation/route-availability';
import { readingsQuery } from '../api/queries';
import { readingsBetween, readingsCsv } from '../components/readings-csv';
import { PeriodForm } from '../components/period-form';
import { ReadingsTable } from '../components/readings-table';
import { t } from '../i18n';
import '../metering.css';
import { meteringRoutes } from '../routes';

export default function SupplyArchivePage() {
  const { id = '' } = useParams();
  const today = todayInRome(new Date());
  const [range, setRange] = useState({ from: addDays(today, -730), to: today });
  const supply = useQuery(callQueryOptions(erpSupplies.getSupply, { params: { id } }));
  const readings = useQuery(readingsQuery(id, range.from));
  const shown = readings.data ? readingsBetween(readings.data.readings, range.from, range.to) : [];
  const send = useAvailablePath(meteringRoutes.selfReading, { id });
  const name = supply.data ? supplyNameWithPoint(supply.data) : id;
  return (
    <div className="page metering-page">
      <h1 className="page__title">{t('metering.titles.archive')}</h1>
      <p className="page__subtitle">{name}</p>
      <p className="muted">{t('metering.archive.intro_period')}</p>
      {send ? (
        <p>
          <Link className="button button--primary" to={send}>
            {t('metering.archive.send')}
          </Link>
        </p>
      ) : null}
      {readings.isPending ? <p className="muted">{t('metering.loading')}</p> : null}
      {readings.isError ? <p className="muted">{t('metering.load_error')}</p> : null}
      <PeriodForm
        className="chart-range readings-range"
        period={range}
        legend={t('metering.archive.period')}
        today={today}
        onApply={setRange}
      />
      {readings.data && shown.length > 0 ? (
        <p>
          <a
            className="button button--secondary"
            download={`letture-${id}-${range.from}-${range.to}.csv`}
            href={`data:text/csv;charset=utf-8,${encodeURIComponent('\uFEFF' + readingsCsv(shown, (source) => t(`metering.source.${source}`)))}`}
          >
            {t('metering.graphs.csv')}
          </a>
        </p>
      ) : null}
      {readings.data ? (
        <ReadingsTable
          readings={shown}
          caption={t('metering.archive.caption', { supply: name })}
          empty={t('metering.archive.empty_period')}
        />
      ) : null}
    </div>
  );
}
