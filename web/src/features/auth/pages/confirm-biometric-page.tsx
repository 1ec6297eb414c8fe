// SPEC §2 /profile/confirm-psw-biometric: the password is asked before biometric login is enabled
// or changed (the saved secret replaced); disabling deletes the secret from the device.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useBrand } from '../../../shared/brands/use-brand';
import { focusFirstError } from '../../../shared/forms/focus-first-error';
import { t as formText } from '../../../shared/forms/i18n';
import { TextField } from '../../../shared/forms/text-field';
import { completeLogin } from '../../../shared/session/session-lifecycle';
import { useAppStore } from '../../../shared/state/app-store';
import { dashboardRoutes } from '../../dashboard/routes';
import { loadBiometrics, type BiometricBridge } from '../biometrics';
import { logIn } from '../components/login-card';
import { t } from '../app-i18n';

type Outcome = 'enabled' | 'disabled' | 'cancelled' | null;

export default function ConfirmBiometricPage() {
  const brand = useBrand();
  const company = useAppStore((state) => state.company) ?? brand.code;
  const username = useAppStore((state) => state.user?.username ?? '');
  const [bridge, setBridge] = useState<BiometricBridge | null | 'none'>(null);
  const [active, setActive] = useState(false);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    void loadBiometrics().then(async (loaded) => {
      if (!loaded || !(await loaded.biometricsAvailable())) {
        setBridge('none');
        return;
      }
      setActive(await loaded.hasDeviceSecret(company));
      setBridge(loaded);
    });
  }, [company]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!bridge || bridge === 'none' || busy) return;
    setOutcome(null);
    if (password.trim() === '') {
      setMissing(true);
      focusFirstError(event.currentTarget);
      return;
    }
    setMissing(false);
    setBusy(true);
    try {
      // The password is checked by logging in again (the session rotates); a wrong one gets the
      // server's 'Nome utente o password non corretti' popup.
      const session = await logIn({ username, password });
      completeLogin(session.id, session.user);
      const saved = await bridge.saveDeviceSecret(
        company,
        { username, password },
        t('auth.biometric.reason', { brand: brand.name }),
      );
      setOutcome(saved ? 'enabled' : 'cancelled');
      if (saved) {
        setActive(true);
        setPassword('');
      }
    } catch {
      // Shown by the api client.
    } finally {
      setBusy(false);
    }
  };

  const disable = async () => {
    if (!bridge || bridge === 'none') return;
    await bridge.deleteDeviceSecret(company);
    setActive(false);
    setOutcome('disabled');
  };

  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('auth.biometric.settings_heading')}</h1>
      {bridge === 'none' ? (
        <p className="page__intro">{t('auth.biometric.unavailable')}</p>
      ) : (
        <>
          <p className="page__intro">{t(active ? 'auth.biometric.active' : 'auth.biometric.inactive')}</p>
          {outcome ? (
            <p className={outcome === 'cancelled' ? 'notice notice--warning' : 'notice'} role="status">
              {t(`auth.biometric.${outcome}`)}
            </p>
          ) : null}
          <form className="form" noValidate onSubmit={(event) => void submit(event)}>
            <p>{t('auth.biometric.confirm_intro')}</p>
            <TextField
              label={t('auth.login.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={missing ? formText('forms.errors.required') : undefined}
            />
            <button type="submit" className="button button--primary" disabled={busy || bridge === null}>
              {t('auth.biometric.confirm')}
            </button>
          </form>
          {active ? (
            <button type="button" className="button button--secondary" onClick={() => void disable()}>
              {t('auth.biometric.disable')}
            </button>
          ) : null}
        </>
      )}
      <p>
        <Link to={dashboardRoutes.home.to()}>{t('auth.biometric.home')}</Link>
      </p>
    </div>
  );
}
