// The consumption explorer of /supplies/{id}/graphs (and its anonymous twin of the rcrm flow): by
// month, day or hour, in kWh/Smc or euros, over a chosen range, optionally against the year before;
// a stacked bar chart by band, the same numbers in a table, and a CSV of exactly what is shown.
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import type { erpMetering } from '@sportello/contract';
import { addDays, todayInRome } from '@sportello/domain';
import { formatCents, formatIsoDate, formatNumber } from '../../../shared/format/format';
import { consumptionsQuery } from '../api/queries';
import { t } from '../i18n';
import { BarChart, ChartLegend } from './bar-chart';
import { PeriodForm } from './period-form';
import { SeriesTable } from './series-table';
import { toCsv, toSeries, type Measure } from './series';

type Granularity = Exclude<erpMetering.Granularity, 'year'>;
const DETAILS: readonly Granularity[] = ['month', 'day', 'hour'];

/** Default range per detail: a year of months, a month of days, yesterday's hours. */
function defaultRange(granularity: Granularity, today: string): { from: string; to: string } {
  if (granularity === 'month')
    return { from: `${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}-01`, to: today };
  if (granularity === 'day') return { from: addDays(today, -30), to: addDays(today, -1) };
  return { from: addDays(today, -1), to: addDays(today, -1) };
}

const lastYear = (date: string) => `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;

/** The compared period's year, or its two years when it spans a new year ("2024/25"). */
function comparedYears(range: { from: string; to: string }): string {
  const first = lastYear(range.from).slice(0, 4);
  const last = lastYear(range.to).slice(0, 4);
  return first === last ? first : `${first}/${last.slice(2)}`;
}

export function ConsumptionView({ supplyKey }: { supplyKey: string }) {
  const today = todayInRome(new Date());
  const [granularity, setGranularity] = useState<Granularity>('month');
  const [measure, setMeasure] = useState<Measure>('quantity');
  const [compare, setCompare] = useState(false);
  const [range, setRange] = useState(() => defaultRange('month', today));
  const ids = useId();

  // `to` is shown inclusive; the call's end is exclusive.
  const query = { supplyKey, granularity, from: range.from, to: addDays(range.to, 1) };
  const current = useQuery(consumptionsQuery(query));
  const previous = useQuery({
    ...consumptionsQuery({ ...query, from: lastYear(query.from), to: lastYear(query.to) }),
    enabled: compare,
  });

  function changeGranularity(next: Granularity) {
    setGranularity(next);
    const nextRange = defaultRange(next, today);
    setRange(nextRange);
  }

  // The chart and its table are drawn in a transition, after the answer has arrived: React renders
  // them in slices with the browser free in between, not in the one task a query's answer would
  // render them in. The figures are the same; only when they are drawn changes.
  const data = useDeferredValue(current.data);
  const unit = measure === 'euro' ? '€' : (data?.unit ?? 'kWh');
  // Euros to the cent; kWh/Smc to two decimals, enough for an hour's use.
  const format = (v: number) =>
    measure === 'euro' ? formatCents(Math.round(v * 100)) : formatNumber(Math.round(v * 100) / 100);
  const rows = data
    ? toSeries(data.points, data.bands, measure, compare ? previous.data?.points : undefined)
    : [];
  const previousYear = compare ? comparedYears(range) : null;
  // A meter charted from its single register (gas, heat) has no tariff bands to name or explain.
  const bands = data?.bands ?? [];
  const namedBands = bands.filter((band) => band !== 'TOT');
  const total = rows.reduce((sum, r) => sum + r.total, 0);
  const granularityName = t(`metering.graphs.granularity_${granularity}`).toLowerCase();
  // Only the details the supply has data for: a gas meter read monthly offers no days or hours.
  const offered = DETAILS.filter((g) => (current.data ?? data)?.granularities.includes(g) ?? g === 'month');

  return (
    <div className="consumption-view" data-banded={namedBands.length > 0 ? 'true' : 'false'}>
      <div className="chart-controls">
        <fieldset className="segmented">
          <legend>{t('metering.graphs.granularity')}</legend>
          {offered.map((g) => (
            <label key={g}>
              <input
                type="radio"
                name={`${ids}-g`}
                checked={granularity === g}
                onChange={() => changeGranularity(g)}
              />
              {t(`metering.graphs.granularity_${g}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="segmented">
          <legend>{t('metering.graphs.unit')}</legend>
          <label>
            <input
              type="radio"
              name={`${ids}-u`}
              checked={measure === 'quantity'}
              onChange={() => setMeasure('quantity')}
            />
            {data?.unit ?? 'kWh'}
          </label>
          <label>
            <input
              type="radio"
              name={`${ids}-u`}
              checked={measure === 'euro'}
              onChange={() => setMeasure('euro')}
            />
            {t('metering.graphs.unit_euro')}
          </label>
        </fieldset>
        {measure === 'euro' ? <p className="chart-note">{t('metering.graphs.euro_note')}</p> : null}
        <PeriodForm
          key={granularity}
          period={range}
          legend={t('metering.graphs.range')}
          today={today}
          onApply={setRange}
        />
        <label className="checkbox">
          <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} />
          {t('metering.graphs.compare')}
        </label>
      </div>

      {/* Until the chart is drawn, not only until the answer arrives: nothing below it moves. */}
      {!data && !current.isError ? <p className="muted">{t('metering.loading')}</p> : null}
      {current.isError ? <p className="muted">{t('metering.load_error')}</p> : null}
      {data && rows.length === 0 ? (
        <p className="empty-state" role="status">
          {t('metering.graphs.no_data')}
        </p>
      ) : null}
      {data && rows.length > 0 ? (
        <>
          <p className="chart-total">
            <span className="chart-total__label">
              {t(measure === 'euro' ? 'metering.graphs.total_euro' : 'metering.graphs.total')}
            </span>{' '}
            <strong>
              {format(total)} {measure === 'euro' ? '' : unit}
            </strong>
          </p>
          {data.hourlyPrice && measure === 'euro' ? (
            <p className="muted">{t('metering.graphs.hourly_price')}</p>
          ) : null}
          <ChartLegend bands={namedBands} previousYear={previousYear} />
          <BarChart
            rows={rows}
            bands={bands}
            format={format}
            label={t('metering.graphs.chart_label', {
              from: formatIsoDate(range.from),
              to: formatIsoDate(range.to),
              total: `${format(total)} ${measure === 'euro' ? '' : unit}`.trim(),
            })}
          />
          <a
            className="button button--secondary"
            download={`consumi-${supplyKey}-${granularity}-${range.from}-${range.to}.csv`}
            href={`data:text/csv;charset=utf-8,${encodeURIComponent('\uFEFF' + toCsv(rows, namedBands, measure, unit))}`}
          >
            {t('metering.graphs.csv')}
          </a>
          <SeriesTable
            rows={rows}
            bands={namedBands}
            format={format}
            previousYear={previousYear}
            caption={t(
              namedBands.length > 0 ? 'metering.graphs.table_caption' : 'metering.graphs.table_caption_total',
              { granularity: granularityName, unit },
            )}
          />
        </>
      ) : null}
    </div>
  );
}
