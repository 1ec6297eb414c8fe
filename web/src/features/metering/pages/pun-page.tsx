// /pun (SPEC §2): today's and tomorrow's hourly reference price (tomorrow once published), each
// day's minimum, maximum and average, the monthly band averages, and for a customer with an
// hourly-price supply what last month cost at those prices.
import { useQuery } from '@tanstack/react-query';
import type { erpMetering } from '@sportello/contract';
import { addDays, cheapestHours, todayInRome } from '@sportello/domain';
import type * as z from 'zod/mini';
import { formatIsoDate } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import { quotationsQuery } from '../api/queries';
import { HourlyCost } from '../components/hourly-cost';
import { periodLabel } from '../components/series';
import { t } from '../i18n';
import '../metering.css';

type Quotations = z.infer<typeof erpMetering.listQuotations.response>;

const euroPerMwh = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const price = (milli: number) => euroPerMwh.format(milli / 1000);
const BAND_KEYS = ['F1', 'F2', 'F3'] as const;

const perKwh = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const hourLabel = (hour: number) =>
  `${String(hour).padStart(2, '0')}–${String((hour + 1) % 24 || 24).padStart(2, '0')}`;

/**
 * The day's 24 prices as a table that fits a phone (hour, €/MWh, €/kWh, a bar for the eye), every
 * hour shown, the cheapest ones marked in words as well as colour.
 */
function PunHours({ prices, date }: { prices: Quotations['prices']; date: string }) {
  const cheapest = cheapestHours(prices.map((p) => ({ hour: p.hour, price: p.milliEuroPerMwh })));
  const max = Math.max(...prices.map((p) => p.milliEuroPerMwh), 1);
  const captionId = `pun-hours-${date}`;
  return (
    <>
      <p className="pun-cheapest">
        {t('metering.pun.cheapest', {
          hours: [...cheapest]
            .sort((a, b) => a - b)
            .map(hourLabel)
            .join(', '),
        })}
      </p>
      <table className="data-table pun-hours" aria-labelledby={captionId}>
        <caption id={captionId}>{t('metering.pun.hours_caption', { date: formatIsoDate(date) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('metering.pun.hour')}</th>
            <th scope="col">{t('metering.pun.eur_mwh')}</th>
            <th scope="col">{t('metering.pun.eur_kwh')}</th>
            <th scope="col" className="pun-hours__bar-head">
              <span className="visually-hidden">{t('metering.pun.bar')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {prices.map((p) => {
            const cheap = cheapest.includes(p.hour);
            return (
              <tr key={p.start} className={cheap ? 'pun-hours__cheap' : undefined}>
                <th scope="row">
                  {hourLabel(p.hour)}
                  {cheap ? <span className="pun-hours__tag">{t('metering.pun.cheap_tag')}</span> : null}
                </th>
                <td>{price(p.milliEuroPerMwh)}</td>
                <td>{perKwh.format(p.milliEuroPerMwh / 1_000_000)}</td>
                <td aria-hidden="true" className="pun-hours__bar-cell">
                  <span className="pun-hours__bar" style={{ width: `${(p.milliEuroPerMwh / max) * 100}%` }} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

function PunDay({ data, date, title }: { data: Quotations; date: string; title: string }) {
  const day = data.days.find((d) => d.date === date);
  const prices = data.prices.filter((p) => p.date === date);
  const headingId = `pun-${date}`;
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
              <dd>
                {t('metering.pun.per_mwh', { value: price(day.average) })}
                <span className="pun-figures__kwh">
                  {t('metering.pun.per_kwh', { value: perKwh.format(day.average / 1_000_000) })}
                </span>
              </dd>
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
          <PunHours prices={prices} date={date} />
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
