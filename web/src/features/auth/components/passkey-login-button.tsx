// "Accedi con una passkey" (ADR 038): shown where the browser can use passkeys, in its own chunk (the
// login route's first JavaScript does not carry it); the ceremony's code loads on the press. A refusal is said under the button in the server's words; a prompt the person
// closed says nothing.
import { useState } from 'react';
import type { Session } from '@sportello/contract';
import { ApiFailure } from '../../../shared/api/api-client';
import { t } from '../../../shared/passkeys/i18n';

export default function PasskeyLoginButton({
  onLoggedIn,
}: {
  onLoggedIn: (session: Session) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (typeof window === 'undefined' || !('PublicKeyCredential' in window)) return null;

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { logInWithPasskey } = await import('../passkey-login');
      await onLoggedIn(await logInWithPasskey());
    } catch (failure) {
      const name = failure instanceof Error ? failure.name : '';
      if (failure instanceof ApiFailure) setError(failure.message);
      // A prompt the person closed, or that timed out, is no failure.
      else if (name !== 'NotAllowedError' && name !== 'AbortError') setError(t('passkeys.login_failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page__passkey">
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={busy}
        onClick={() => void start()}
      >
        {t('passkeys.login')}
      </button>
      {/* An alert is read out when it appears: no empty one waits on the login page. */}
      {error ? (
        <p role="alert" className="form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
