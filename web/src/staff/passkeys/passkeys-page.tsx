// /operatore/passkey (ADR 044): the account's passkeys with their creation and last login, removal,
// and adding one of this device, which the server allows within 5 minutes of a login with the code.
// The WebAuthn code loads only when "Aggiungi" is pressed.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { formatDateTimeRome } from '@sportello/domain';
import { staffPasskeys, type staffPasskeys as calls } from '@sportello/contract';
import { staffApi, StaffFailure } from '../api';
import { TableCard } from '../components/table-card';
import { t } from '../i18n';
import type { PageProps } from '../paths';

type Listing = { passkeys: calls.StaffPasskey[]; mayAddUntil: string | null };

const time = (iso: string) => formatDateTimeRome(iso).split(' ').at(-1) ?? '';

export default function PasskeysPage({ onFailure }: PageProps) {
  const [listing, setListing] = useState<Listing | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    staffApi(staffPasskeys.listStaffPasskeys)
      .then(setListing)
      .catch((failure: unknown) => setMessage({ error: true, text: onFailure(failure) }));
  }, [onFailure]);
  useEffect(load, [load]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const { createPasskey, ceremonyCancelled } = await import('../../shared/passkeys/webauthn');
      try {
        const options = await staffApi(staffPasskeys.staffPasskeyRegistrationOptions);
        const credential = await createPasskey(options);
        const added = await staffApi(staffPasskeys.registerStaffPasskey, {
          body: { credential, ...(name.trim() ? { name: name.trim() } : {}) },
        });
        setName('');
        setMessage({ error: false, text: t('staffPasskeys.page.added', { name: added.name }) });
        load();
      } catch (failure) {
        if (failure instanceof StaffFailure) setMessage({ error: true, text: onFailure(failure) });
        else if (!ceremonyCancelled(failure))
          setMessage({ error: true, text: t('staffPasskeys.page.failed') });
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkey: calls.StaffPasskey) => {
    setMessage(null);
    try {
      await staffApi(staffPasskeys.deleteStaffPasskey, { params: { key: passkey.key } });
      setMessage({ error: false, text: t('staffPasskeys.page.removed', { name: passkey.name }) });
      load();
    } catch (failure) {
      setMessage({ error: true, text: onFailure(failure) });
    }
  };

  return (
    <section aria-labelledby="staff-passkeys-heading">
      <h1 id="staff-passkeys-heading">{t('staffPasskeys.page.heading')}</h1>
      <p>{t('staffPasskeys.page.intro')}</p>
      {message?.error ? (
        <p role="alert" className="staff-error">
          {message.text}
        </p>
      ) : (
        <p role="status">{message?.text}</p>
      )}
      {listing === null ? (
        <p>{t('staffPasskeys.page.loading')}</p>
      ) : (
        <>
          <TableCard
            id="staff-passkeys-list"
            title={t('staffPasskeys.page.listHeading')}
            empty={t('staffPasskeys.page.empty')}
            columns={[
              t('staffPasskeys.page.name'),
              t('staffPasskeys.page.created'),
              t('staffPasskeys.page.lastUsed'),
              t('staffPasskeys.page.actions'),
            ]}
            rows={listing.passkeys}
            rowKey={(p) => p.key}
            cells={(p) => [
              p.name,
              formatDateTimeRome(p.createdAt),
              p.lastUsedAt ? formatDateTimeRome(p.lastUsedAt) : t('staffPasskeys.page.neverUsed'),
              <button
                type="button"
                className="staff-button--secondary"
                aria-label={t('staffPasskeys.page.removeNamed', { name: p.name })}
                onClick={() => void remove(p)}
              >
                {t('staffPasskeys.page.remove')}
              </button>,
            ]}
          />
          <section aria-labelledby="staff-passkeys-add" className="staff-card">
            <h2 id="staff-passkeys-add">{t('staffPasskeys.page.addHeading')}</h2>
            {listing.mayAddUntil ? (
              <form className="staff-form" noValidate onSubmit={(e) => void add(e)}>
                <p>{t('staffPasskeys.page.mayAdd', { time: time(listing.mayAddUntil) })}</p>
                <label htmlFor="staff-passkey-name">{t('staffPasskeys.page.nameLabel')}</label>
                <input
                  id="staff-passkey-name"
                  value={name}
                  maxLength={60}
                  aria-describedby="staff-passkey-name-hint"
                  onChange={(e) => setName(e.target.value)}
                />
                <p id="staff-passkey-name-hint" className="staff-hint">
                  {t('staffPasskeys.page.nameHint')}
                </p>
                <button type="submit" disabled={busy}>
                  {t('staffPasskeys.page.add')}
                </button>
              </form>
            ) : (
              <p className="staff-notice">{t('staffPasskeys.page.mayNotAdd')}</p>
            )}
          </section>
        </>
      )}
    </section>
  );
}
