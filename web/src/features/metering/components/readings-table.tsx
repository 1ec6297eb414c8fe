// One supply's readings as a table: date, who read the meter, the register values.
import type { erpMetering } from '@sportello/contract';
import { registerName } from '@sportello/domain';
import { formatIsoDate, formatNumber } from '../../../shared/format/format';
import '../../../shared/ui/phone-card-table.css';
import { t } from '../i18n';

export function ReadingsTable({
  readings,
  caption,
  empty = t('metering.archive.empty'),
}: {
  readings: readonly erpMetering.Reading[];
  caption: string;
  /** What an empty list says (the last two years, or a chosen period). */
  empty?: string;
}) {
  if (readings.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table data-table--readings phone-card-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('metering.archive.date')}</th>
            <th scope="col">{t('metering.archive.values')}</th>
            <th scope="col">{t('metering.archive.source')}</th>
          </tr>
        </thead>
        <tbody>
          {readings.map((r) => (
            <tr key={r.id}>
              <th scope="row">{formatIsoDate(r.readingDate)}</th>
              {/* One register a line: a three-band reading fits a phone's width. */}
              <td data-label={t('metering.archive.values')}>
                <ul className="reading-values">
                  {Object.entries(r.values).map(([channel, value]) => (
                    <li key={channel}>
                      {registerName(channel)}: {formatNumber(value)}
                    </li>
                  ))}
                </ul>
              </td>
              <td data-label={t('metering.archive.source')}>
                {t(`metering.source.${r.source}`)}
                {[
                  r.implausibleConfirmed ? t('metering.archive.confirmed') : null,
                  r.meterReplaced ? t('metering.archive.replaced') : null,
                  r.hasPhoto ? t('metering.archive.photo') : null,
                ]
                  .filter(Boolean)
                  .map((note) => (
                    <span key={note} className="reading-note">
                      {' '}
                      ({note})
                    </span>
                  ))}
                {r.status === 'refused' ? (
                  <p className="reading-refused">{t('metering.archive.refused', { reason: r.note ?? '' })}</p>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
