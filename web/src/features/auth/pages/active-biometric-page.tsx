// SPEC §2 active_biometric: after a password login in the app, the offer to log in with Face ID /
// fingerprint from now on. The credentials just typed are saved in the device's Keychain/Keystore
// only once the user accepts and passes the biometric check; otherwise they are dropped.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBrand } from '../../../shared/brands/use-brand';
import { nextPath } from '../../../shared/navigation/next-path';
import { useAppStore } from '../../../shared/state/app-store';
import { dashboardRoutes } from '../../dashboard/routes';
import { holdForEnrolment, loadBiometrics, takeHeldSecret, type BiometricBridge } from '../biometrics';
import { t } from '../app-i18n';
import { authRoutes } from '../routes';

export default function ActiveBiometricPage() {
  const brand = useBrand();
  const company = useAppStore((state) => state.company) ?? brand.code;
  const navigate = useNavigate();
  const done = nextPath(useSearchParams()[0].get('next')) ?? dashboardRoutes.home.to();
  const [bridge, setBridge] = useState<BiometricBridge | null | 'none'>(null);
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => {
    void loadBiometrics().then(async (loaded) =>
      setBridge(loaded && (await loaded.biometricsAvailable()) ? loaded : 'none'),
    );
  }, []);

  const goHome = () => {
    takeHeldSecret();
    void navigate(done);
  };

  const enable = async () => {
    if (!bridge || bridge === 'none') return;
    const secret = takeHeldSecret();
    // Nothing held (the page was reloaded): the password is asked again before enabling.
    if (!secret) {
      await navigate(authRoutes.confirmBiometric.to());
      return;
    }
    if (await bridge.saveDeviceSecret(company, secret, t('auth.biometric.reason', { brand: brand.name }))) {
      await navigate(done);
    } else {
      // Cancelled: kept for another try on this page.
      holdForEnrolment(secret);
      setCancelled(true);
    }
  };

  return (
    <div className="page page--narrow login-page">
      <div className="login-page__card">
        <h1 className="page__title">{t('auth.biometric.offer_heading')}</h1>
        {bridge === 'none' ? (
          <>
            <p className="page__intro">{t('auth.biometric.unavailable')}</p>
            <button type="button" className="button button--primary button--block" onClick={goHome}>
              {t('auth.biometric.continue')}
            </button>
          </>
        ) : (
          <>
            <p className="page__intro">{t('auth.biometric.offer_text')}</p>
            {cancelled ? (
              <p className="notice notice--warning" role="alert">
                {t('auth.biometric.cancelled')}
              </p>
            ) : null}
            <div className="form">
              <button
                type="button"
                className="button button--primary button--block"
                disabled={bridge === null}
                onClick={() => void enable()}
              >
                {t('auth.biometric.enable')}
              </button>
              <button type="button" className="button button--secondary button--block" onClick={goHome}>
                {t('auth.biometric.later')}
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
