// Staff login: username, password and the authenticator app's code, one refusal for any wrong one; or
// a staff passkey (ADR 044), whose WebAuthn code loads only when its button is pressed.
import { useState, type FormEvent } from 'react';
import { staff, staffPasskeys } from '@sportello/contract';
import { staffApi, staffSessionId, StaffFailure } from '../api';
import type { StaffSession } from '../paths';
import { t } from '../i18n';

export default function LoginPage(props: {
  notice: string | null;
  onLoggedIn: (session: StaffSession) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const body = {
      username: value('username'),
      password: String(form.get('password') ?? ''),
      code: value('code'),
    };
    if (!body.username || !body.password || !body.code) return setError(t('staffConsole.login.required'));
    setBusy(true);
    try {
      const opened = await staffApi(staff.staffLogin, { body });
      staffSessionId.set(opened.id);
      props.onLoggedIn(opened.session);
    } catch (failure) {
      setError(failure instanceof StaffFailure ? failure.message : t('staffConsole.error'));
    } finally {
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    setError(null);
    setBusy(true);
    try {
      const { signWithPasskey, ceremonyCancelled } = await import('../../shared/passkeys/webauthn');
      try {
        const options = await staffApi(staffPasskeys.staffPasskeyLoginOptions);
        const credential = await signWithPasskey(options);
        const opened = await staffApi(staffPasskeys.staffLoginWithPasskey, { body: { credential } });
        staffSessionId.set(opened.id);
        props.onLoggedIn(opened.session);
      } catch (failure) {
        if (failure instanceof StaffFailure) setError(failure.message);
        else if (!ceremonyCancelled(failure)) setError(t('staffPasskeys.login.failed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="staff-card" aria-labelledby="staff-login-heading">
      <h1 id="staff-login-heading">{t('staffConsole.login.heading')}</h1>
      <p>{t('staffConsole.login.intro')}</p>
      {props.notice ? <p className="staff-notice">{props.notice}</p> : null}
      <form onSubmit={(e) => void submit(e)} noValidate className="staff-form">
        <label htmlFor="staff-username">{t('staffConsole.login.username')}</label>
        <input id="staff-username" name="username" autoComplete="username" required />
        <label htmlFor="staff-password">{t('staffConsole.login.password')}</label>
        <input id="staff-password" name="password" type="password" autoComplete="current-password" required />
        <label htmlFor="staff-code">{t('staffConsole.login.code')}</label>
        <input
          id="staff-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          aria-describedby="staff-code-hint"
          required
        />
        <p id="staff-code-hint" className="staff-hint">
          {t('staffConsole.login.codeHint')}
        </p>
        {error ? (
          <p role="alert" className="staff-error">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          {t('staffConsole.login.submit')}
        </button>
      </form>
      <div className="staff-login__passkey">
        {'PublicKeyCredential' in window ? (
          <>
            <p>{t('staffPasskeys.login.or')}</p>
            <button type="button" disabled={busy} onClick={() => void withPasskey()}>
              {t('staffPasskeys.login.button')}
            </button>
          </>
        ) : (
          <p className="staff-hint">{t('staffPasskeys.login.unsupported')}</p>
        )}
      </div>
    </section>
  );
}
