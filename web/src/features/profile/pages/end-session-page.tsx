// /accesso/termina/:token: the link of a 'Nuovo accesso al tuo account' notice (ADR 037). Nothing
// happens on opening it (a mail client that previews links must not end anything): the customer
// presses the button, the link is spent and that login ends. Open with or without a login here.
import { core } from '@sportello/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiFailure, callApi } from '../../../shared/api/api-client';
import { ensureSession } from '../../../shared/session/session-lifecycle';
import { registrationRoutes } from '../../registration/routes';
import { t } from '../i18n';
import '../profile.css';

export default function EndSessionPage() {
  const { token = '' } = useParams();
  // A logged-out page has no query client (ADR 006): the call waits for the guest session itself.
  const [state, setState] = useState<'idle' | 'pending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const end = async () => {
    setState('pending');
    setError(null);
    try {
      await ensureSession();
      await callApi(core.endSessionByLink, { body: { token } }, { quiet: true });
      setState('done');
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : t('profile.devices.end_failed'));
      setState('idle');
    }
  };
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('profile.end_session.heading')}</h1>
      <div className="card end-session">
        {state === 'done' ? (
          <div role="status">
            <p className="end-session__done">{t('profile.end_session.done')}</p>
            <p>{t('profile.end_session.change_password')}</p>
            <Link className="button button--primary" to={registrationRoutes.forgot.to()}>
              {t('profile.end_session.reset_password')}
            </Link>
          </div>
        ) : (
          <>
            <p>{t('profile.end_session.intro')}</p>
            {error ? (
              <p className="form__error" role="alert">
                {error}
              </p>
            ) : null}
            <button
              type="button"
              className="button button--primary"
              disabled={state === 'pending'}
              onClick={() => void end()}
            >
              {t('profile.end_session.confirm')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
