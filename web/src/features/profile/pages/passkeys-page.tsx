// /profile/passkey (ADR 038): the customer adds a passkey of this device (named, or
// named after it), sees each one's creation and last use, removes one (the password keeps working),
// and reads the account's latest security events. The WebAuthn code loads when "Aggiungi" is pressed.
import { useMutation, useQuery } from '@tanstack/react-query';
import { passkeys, type passkeys as calls } from '@sportello/contract';
import { formatDateTimeRome } from '@sportello/domain';
import { useState, type FormEvent } from 'react';
import { ApiFailure, callApi } from '../../../shared/api/api-client';
import { TextField } from '../../../shared/forms/text-field';
import { passkeysQuery, registerPasskey, removePasskey } from '../api/passkeys-api';
import { DeviceIcon } from '../components/device-icon';
import { ProfileFrame } from '../components/profile-frame';
import { SecurityEvents } from '../components/security-events';
import { t } from '../i18n';
import '../profile.css';

const when = formatDateTimeRome;

function PasskeyItem({ passkey }: { passkey: calls.Passkey }) {
  const remove = useMutation(removePasskey);
  return (
    <li className="device-item">
      <DeviceIcon kind="key" />
      <div className="device-item__body">
        <p className="device-item__name">{passkey.name}</p>
        <p className="device-item__meta">
          {t('profile.passkeys.created', { date: when(passkey.createdAt) })}
          <br />
          {passkey.lastUsedAt
            ? t('profile.passkeys.last_used', { date: when(passkey.lastUsedAt) })
            : t('profile.passkeys.never_used')}
        </p>
      </div>
      <button
        type="button"
        className="button button--secondary device-item__action"
        disabled={remove.isPending}
        aria-label={t('profile.passkeys.remove_named', { name: passkey.name })}
        onClick={() => remove.mutate({ params: { key: passkey.key } })}
      >
        {t('profile.passkeys.remove')}
      </button>
    </li>
  );
}

function PasskeyList() {
  const { data, status } = useQuery(passkeysQuery());
  if (status === 'pending') return <p className="card__muted">{t('profile.devices.loading')}</p>;
  if (!data) return <p className="card__muted">{t('profile.devices.error')}</p>;
  if (data.length === 0) return <p className="card__muted">{t('profile.passkeys.none')}</p>;
  return (
    <ul className="device-list" aria-label={t('profile.passkeys.list_heading')}>
      {data.map((passkey) => (
        <PasskeyItem key={passkey.key} passkey={passkey} />
      ))}
    </ul>
  );
}

function AddPasskey() {
  const register = useMutation(registerPasskey);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  if (!('PublicKeyCredential' in window))
    return <p className="card__muted">{t('profile.passkeys.unsupported')}</p>;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const { createPasskey, ceremonyCancelled } = await import('../../../shared/passkeys/webauthn');
      try {
        const options = await callApi(passkeys.passkeyRegistrationOptions, {}, { quiet: true });
        const credential = await createPasskey(options);
        const added = await register.mutateAsync({
          body: { credential, ...(name.trim() ? { name: name.trim() } : {}) },
        });
        setName('');
        setMessage({ error: false, text: t('profile.passkeys.added', { name: added.name }) });
      } catch (failure) {
        if (failure instanceof ApiFailure) setMessage({ error: true, text: failure.message });
        else if (!ceremonyCancelled(failure)) setMessage({ error: true, text: t('profile.passkeys.failed') });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void add(event)}>
      <TextField
        label={t('profile.passkeys.name')}
        hint={t('profile.passkeys.name_hint')}
        name="passkeyName"
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('profile.passkeys.add')}
      </button>
      <p role="status" className={message?.error ? 'form__error' : undefined}>
        {message?.text}
      </p>
    </form>
  );
}

export default function PasskeysPage() {
  return (
    <ProfileFrame heading={t('profile.passkeys.heading')} intro={t('profile.passkeys.intro')}>
      <h2>{t('profile.passkeys.list_heading')}</h2>
      <PasskeyList />
      <h2>{t('profile.passkeys.add_heading')}</h2>
      <AddPasskey />
      <h2 className="device-history__heading">{t('profile.passkeys.events_heading')}</h2>
      <SecurityEvents />
    </ProfileFrame>
  );
}
