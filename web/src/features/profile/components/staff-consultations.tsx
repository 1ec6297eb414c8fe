// "Accessi del servizio clienti" (ADR 043): each time the customer service looked at
// the portal as the customer sees it, when and why, with an empty state. Kept apart from the devices:
// a staff's view is not one of the customer's logins.
import { useQuery } from '@tanstack/react-query';
import { VIEW_REASON_LABELS } from '@sportello/contract';
import { romeDate, romeTime } from '../../../shared/staff-view/rome-time';
import { consultationsQuery } from '../api/devices-api';
import { t } from '../i18n';

export function StaffConsultations() {
  const { data, status } = useQuery(consultationsQuery());
  if (status === 'pending') return <p className="card__muted">{t('profile.devices.loading')}</p>;
  if (!data) return <p className="card__muted">{t('profile.devices.error')}</p>;
  if (data.length === 0) return <p className="card__muted">{t('profile.devices.staff_empty')}</p>;
  return (
    <ul className="staff-consultations">
      {data.map((c) => (
        <li key={c.at}>
          {t('profile.devices.staff_entry', {
            date: romeDate(c.at),
            time: romeTime(c.at),
            reason: VIEW_REASON_LABELS[c.reason] + (c.note ? ` (${c.note})` : ''),
          })}
        </li>
      ))}
    </ul>
  );
}
