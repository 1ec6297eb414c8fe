// The numbers of a chart as a table: what screen readers and keyboards read instead of the bars.
import { t } from '../i18n';
import type { SeriesRow } from './series';

export function SeriesTable({
  rows,
  bands,
  caption,
  format,
  previousYear,
}: {
  rows: readonly SeriesRow[];
  bands: readonly string[];
  caption: string;
  format: (value: number) => string;
  previousYear: string | null;
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('metering.graphs.period')}</th>
            <th scope="col">{t('metering.graphs.total')}</th>
            {bands.map((band) => (
              <th scope="col" key={band}>
                {band}
              </th>
            ))}
            {previousYear ? <th scope="col">{previousYear}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{format(row.total)}</td>
              {bands.map((band) => (
                <td key={band}>{format(row.values[band] ?? 0)}</td>
              ))}
              {previousYear ? <td>{row.previous == null ? '–' : format(row.previous)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
