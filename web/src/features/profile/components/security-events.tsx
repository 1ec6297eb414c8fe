// The account's latest security events (ADR 038): passkeys added, removed, used or refused, step-ups
// passed or refused; newest first, with an empty state. Shown on the passkeys page and on
// "Dispositivi e accessi" (ADR 044), from the one query both share.
import { useQuery } from '@tanstack/react-query';
import { formatDateTimeRome } from '@sportello/domain';
import { securityEventsQuery } from '../api/passkeys-api';
import { t } from '../i18n';

const when = formatDateTimeRome;

export function SecurityEvents() {
  const { data, status } = useQuery(securityEventsQuery());
  if (status === 'pending') return <p className="card__muted">{t('profile.devices.loading')}</p>;
  if (!data) return <p className="card__muted">{t('profile.devices.error')}</p>;
  if (data.length === 0) return <p className="card__muted">{t('profile.passkeys.events_empty')}</p>;
  return (
    <table className="device-history">
      <caption className="visually-hidden">{t('profile.passkeys.events_heading')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('profile.devices.history_when')}</th>
          <th scope="col">{t('profile.passkeys.event')}</th>
        </tr>
      </thead>
      <tbody>
        {data.map((event, i) => (
          <tr key={`${event.at}-${i}`}>
            <td>{when(event.at)}</td>
            <td className={event.kind.endsWith('refused') ? 'device-history__failed' : undefined}>
              {t(`profile.passkeys.kinds.${event.kind}`)}
              {event.detail ? ` — ${event.detail}` : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
