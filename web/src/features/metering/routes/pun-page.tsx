// /pun (SPEC §2): today's and tomorrow's hourly reference price (tomorrow once published), each
// day's minimum, maximum and average, the monthly band averages, and for a customer with an
// hourly-price supply what last month cost at those prices.
import { useQuery } from '@tanstack/react-query';
import type { erpMetering } from '@sportello/contract';
import { addDays, todayInRome } from '@sportello/domain';
import type * as z from 'zod/mini';
import { formatIsoDate } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import { quotationsQuery } from '../api/queries';
import { BarChart } from '../components/bar-chart';
import { HourlyCost } from '../components/hourly-cost';
import { SeriesTable } from '../components/series-table';
import { periodLabel } from '../components/series';
import { t } from '../i18n';
import '../metering.css';

type Quotations = z.infer<typeof erpMetering.listQuotations.response>;

const euroPerMwh = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const price = (milli: number) => euroPerMwh.format(milli / 1000);
const BAND_KEYS = ['F1', 'F2', 'F3'] as const;

function PunDay({ data, date, title }: { data: Quotations; date: string; title: string }) {
  const day = data.days.find((d) => d.date === date);
  const prices = data.prices.filter((p) => p.date === date);
  const headingId = `pun-${date}`;
  const rows = prices.map((p) => ({
    key: p.start,
    label: `${String(p.hour).padStart(2, '0')}:00`,
    values: { PUN: p.milliEuroPerMwh / 1000 },
    total: p.milliEuroPerMwh / 1000,
  }));
  return (
    <section className="pun-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {!day ? (
        <p className="empty-state">{t('metering.pun.tomorrow_pending')}</p>
      ) : (
        <>
          <dl className="pun-figures">
            <div>
              <dt>{t('metering.pun.average')}</dt>
              <dd>{t('metering.pun.per_mwh', { value: price(day.average) })}</dd>
            </div>
            <div>
              <dt>{t('metering.pun.min')}</dt>
              <dd>{t('metering.pun.per_mwh', { value: price(day.min) })}</dd>
            </div>
            <div>
              <dt>{t('metering.pun.max')}</dt>
              <dd>{t('metering.pun.per_mwh', { value: price(day.max) })}</dd>
            </div>
          </dl>
          <BarChart
            rows={rows}
            bands={['PUN']}
            format={(v) => euroPerMwh.format(v)}
            label={t('metering.pun.chart_label', {
              date: formatIsoDate(date),
              min: price(day.min),
              max: price(day.max),
              average: price(day.average),
            })}
          />
          <details>
            <summary>{t('metering.pun.price')}</summary>
            <SeriesTable
              rows={rows}
              bands={[]}
              format={(v) => euroPerMwh.format(v)}
              previousYear={null}
              caption={t('metering.pun.chart_label', {
                date: formatIsoDate(date),
                min: price(day.min),
                max: price(day.max),
                average: price(day.average),
              })}
            />
          </details>
        </>
      )}
    </section>
  );
}

export default function PunPage() {
  const today = todayInRome(new Date());
  const tomorrow = addDays(today, 1);
  const customerKey = useAppStore((state) => (state.user ? state.customer?.key : undefined));
  const query = useQuery(quotationsQuery(today, addDays(today, 2)));
  const data = query.data;
  return (
    <div className="page metering-page">
      <h1 className="page__title">{t('metering.titles.pun')}</h1>
      <p className="muted">{t('metering.pun.intro')}</p>
      {query.isPending ? <p className="muted">{t('metering.loading')}</p> : null}
      {query.isError ? <p className="muted">{t('metering.load_error')}</p> : null}
      {data ? (
        <>
          <PunDay data={data} date={today} title={t('metering.pun.today', { date: formatIsoDate(today) })} />
          <PunDay
            data={data}
            date={tomorrow}
            title={t('metering.pun.tomorrow', { date: formatIsoDate(tomorrow) })}
          />
          <section className="pun-section" aria-labelledby="pun-months">
            <h2 id="pun-months">{t('metering.pun.months_title')}</h2>
            <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="pun-months">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t('metering.pun.month')}</th>
                    {BAND_KEYS.map((band) => (
                      <th scope="col" key={band}>
                        {t('metering.pun.band_average', { band })}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{periodLabel(m.month)}</th>
                      {BAND_KEYS.map((band) => (
                        <td key={band}>{m[band] === null ? '–' : price(m[band])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      ) : null}
      {customerKey ? <HourlyCost customerKey={customerKey} /> : null}
    </div>
  );
}
