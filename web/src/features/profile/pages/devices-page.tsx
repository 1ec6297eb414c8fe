// /profile/dispositivi, "Dispositivi e accessi" (ADR 037): every live session of the
// user with its device, first and last use, this one marked; ending one or all the others; the last
// 20 logins and failed attempts; the account's security events. No place is shown: we have no offline
// database to tell it.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { core } from '@sportello/contract';
import { formatDateTimeRome } from '@sportello/domain';
import { useState } from 'react';
import { DeviceIcon } from '../components/device-icon';
import { ProfileFrame } from '../components/profile-frame';
import { StaffConsultations } from '../components/staff-consultations';
import { SecurityEvents } from '../components/security-events';
import {
  endOtherUserSessions,
  endUserSession,
  loginHistoryQuery,
  userSessionsQuery,
} from '../api/devices-api';
import { t } from '../i18n';
import '../profile.css';

type Device = core.UserSession['device'];

const when = formatDateTimeRome;

const deviceName = (device: Device) =>
  t('profile.devices.device', { browser: device.browser, os: device.os });

function SessionItem({ session }: { session: core.UserSession }) {
  const end = useMutation(endUserSession);
  const name = deviceName(session.device);
  return (
    <li className="device-item">
      <DeviceIcon kind={session.device.type} />
      <div className="device-item__body">
        <p className="device-item__name">
          {name}{' '}
          {session.current ? (
            <span className="device-item__current">{t('profile.devices.current')}</span>
          ) : null}
        </p>
        <p className="device-item__meta">
          {t('profile.devices.first_use', { date: when(session.createdAt) })}
          <br />
          {t('profile.devices.last_use', { date: when(session.lastSeenAt) })}
        </p>
        {end.isError ? (
          <p className="form__error" role="alert">
            {t('profile.devices.end_failed')}
          </p>
        ) : null}
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="button button--secondary device-item__action"
          disabled={end.isPending}
          aria-label={t('profile.devices.end_named', { device: name })}
          onClick={() => end.mutate({ params: { key: session.key } })}
        >
          {t('profile.devices.end')}
        </button>
      )}
    </li>
  );
}

function Sessions() {
  const { data, status } = useQuery(userSessionsQuery());
  const endOthers = useMutation(endOtherUserSessions);
  const [ended, setEnded] = useState<number | null>(null);
  if (status === 'pending') return <p className="card__muted">{t('profile.devices.loading')}</p>;
  if (!data) return <p className="card__muted">{t('profile.devices.error')}</p>;
  const others = data.filter((s) => !s.current).length;
  return (
    <>
      <ul className="device-list">
        {data.map((session) => (
          <SessionItem key={session.key} session={session} />
        ))}
      </ul>
      <div role="status" className="device-status">
        {ended !== null ? t('profile.devices.ended_others', { count: String(ended) }) : null}
      </div>
      {others > 0 ? (
        <button
          type="button"
          className="button button--primary"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate({}, { onSuccess: (answer) => setEnded(answer.ended) })}
        >
          {t('profile.devices.end_others')}
        </button>
      ) : (
        <p className="card__muted">{t('profile.devices.only_this')}</p>
      )}
    </>
  );
}

function History() {
  const { data, status } = useQuery(loginHistoryQuery());
  if (status === 'pending') return <p className="card__muted">{t('profile.devices.loading')}</p>;
  if (!data) return <p className="card__muted">{t('profile.devices.error')}</p>;
  if (data.length === 0) return <p className="card__muted">{t('profile.devices.history_empty')}</p>;
  return (
    <table className="device-history">
      <caption className="visually-hidden">{t('profile.devices.history_heading')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('profile.devices.history_when')}</th>
          <th scope="col">{t('profile.devices.history_device')}</th>
          <th scope="col">{t('profile.devices.history_outcome')}</th>
        </tr>
      </thead>
      <tbody>
        {data.map((attempt, i) => (
          <tr key={`${attempt.at}-${i}`}>
            <td>{when(attempt.at)}</td>
            <td>{deviceName(attempt.device)}</td>
            <td className={attempt.outcome === 'success' ? undefined : 'device-history__failed'}>
              {t(`profile.devices.outcome.${attempt.outcome}`)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function DevicesPage() {
  return (
    <ProfileFrame heading={t('profile.devices.heading')} intro={t('profile.devices.intro')}>
      <h2>{t('profile.devices.sessions_heading')}</h2>
      <Sessions />
      <h2 className="device-history__heading">{t('profile.devices.history_heading')}</h2>
      <p className="card__muted">{t('profile.devices.history_intro')}</p>
      <History />
      <h2 className="device-history__heading">{t('profile.devices.staff_heading')}</h2>
      <p className="card__muted">{t('profile.devices.staff_intro')}</p>
      <StaffConsultations />
      <h2 className="device-history__heading">{t('profile.passkeys.events_heading')}</h2>
      <SecurityEvents />
    </ProfileFrame>
  );
}
