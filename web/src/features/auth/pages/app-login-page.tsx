// App login (SPEC §2 app-login, guards 5 and 7): in each run of the app the user passes it once,
// with Face ID / fingerprint when enabled on this device, or with the password — after which the
// app offers to enable biometrics (/active-biometric).
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBrand } from '../../../shared/brands/use-brand';
import { nextPath, withNext } from '../../../shared/navigation/next-path';
import { completeLogin } from '../../../shared/session/session-lifecycle';
import { passAppLogin, useAppStore } from '../../../shared/state/app-store';
import { homeAfterLogin } from '../home-after-login';
import { holdForEnrolment, loadBiometrics, type BiometricBridge } from '../biometrics';
import { LoginCard, logIn } from '../components/login-card';
import type { Credentials } from '../components/login-form';
import { t } from '../app-i18n';
import { authRoutes } from '../routes';
import type { Session } from '@sportello/contract';

type Notice = 'biometric_failed' | 'biometric_stale' | null;

export default function AppLoginPage() {
  const brand = useBrand();
  const company = useAppStore((state) => state.company) ?? brand.code;
  const navigate = useNavigate();
  // A page asked for before app login (a tapped push, a deep link) opens once it is passed.
  const next = nextPath(useSearchParams()[0].get('next'));
  const [bridge, setBridge] = useState<BiometricBridge | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [available, setAvailable] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    let current = true;
    void loadBiometrics().then(async (loaded) => {
      if (!loaded) return;
      const [canUse, saved] = await Promise.all([
        loaded.biometricsAvailable(),
        loaded.hasDeviceSecret(company),
      ]);
      if (!current) return;
      setBridge(loaded);
      setAvailable(canUse);
      setEnabled(canUse && saved);
    });
    return () => {
      current = false;
    };
  }, [company]);

  const enter = async (session: Session, typed: Credentials | null) => {
    completeLogin(session.id, session.user);
    passAppLogin();
    const home = next ?? homeAfterLogin(session.user);
    // Offer biometrics after a password login on a device that has them and has none saved yet;
    // the offer then goes where the login would have (the tour included).
    if (typed && available && !enabled) {
      holdForEnrolment({ username: typed.username.trim(), password: typed.password });
      await navigate(withNext(authRoutes.activeBiometric.to(), home));
    } else {
      await navigate(home);
    }
  };

  const withBiometrics = async () => {
    if (!bridge) return;
    setNotice(null);
    const secret = await bridge.readDeviceSecret(
      company,
      t('auth.app_login.biometric_reason', { brand: brand.name }),
    );
    if (!secret) {
      setNotice('biometric_failed');
      return;
    }
    let session: Session;
    try {
      session = await logIn(secret, true);
    } catch {
      // The saved password no longer works (changed elsewhere): forget it, the password form remains.
      await bridge.deleteDeviceSecret(company);
      setEnabled(false);
      setNotice('biometric_stale');
      return;
    }
    await enter(session, null);
  };

  return (
    <LoginCard
      heading={t('auth.app_login.heading')}
      intro={t('auth.app_login.intro', { brand: brand.name })}
      onLoggedIn={(session, typed) => enter(session, typed)}
      before={
        <>
          {notice ? (
            <p className="notice notice--warning" role="alert">
              {t(`auth.app_login.${notice}`)}
            </p>
          ) : null}
          {enabled ? (
            <>
              <button
                type="button"
                className="button button--primary button--block"
                onClick={() => void withBiometrics()}
              >
                {t('auth.app_login.biometric')}
              </button>
              <p className="page__intro">{t('auth.app_login.or_password')}</p>
            </>
          ) : null}
        </>
      }
    />
  );
}
