// The app's behaviour of SPEC §4, mounted inside the router only when Capacitor runs the page
// (start-app.tsx loads this chunk behind isNativeApp(), so the website never downloads it):
// splash hand-over, force update, offline and back, foreground re-check, deep links, hardware back
// and push. Each bridge in web/src/native has a web fallback; the rules are in app-rules.ts.
import { APP_VERSION_CHECK_INTERVAL_MS } from '@sportello/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authRoutes } from '../../features/auth/routes';
import { errorRoutes } from '../../features/errors/routes';
import { onDeepLink, onForeground, onHardwareBack, leaveApp } from '../../native/app-shell';
import { watchNetwork } from '../../native/network';
import { onPushOpened } from '../../native/push';
import { hideSplash } from '../../native/splash-screen';
import { useAppStore } from '../../shared/state/app-store';
import { ModalDialog } from '../../shared/ui/modal-dialog';
import { deepLinkPath, hardwareBackAction } from './app-rules';
import { requiredUpdateUrl } from './force-update';
import { t } from './i18n';
import { pushOpenedPath } from './push-opened';
import { startPushRegistration } from './push-registration';
import { sessionStillValid } from './session-recheck';

// Open Radix dialogs only: the consent banner keeps its role="dialog" element after it is answered.
const popupOpen = () =>
  document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !==
  null;

export default function NativeApp() {
  const navigate = useNavigate();
  const location = useLocation();
  const company = useAppStore((state) => state.company);
  const [updateUrl, setUpdateUrl] = useState<string | null>(null);
  const [sessionExpired, setSessionExpired] = useState(false);
  // Listeners are registered once; they read the router through these.
  const navigateRef = useRef(navigate);
  const lastPage = useRef('/');

  useEffect(() => {
    navigateRef.current = navigate;
    // The page that was on screen when the network went: where the return of the network leads.
    if (location.pathname !== errorRoutes.offline.path)
      lastPage.current = location.pathname + location.search;
  }, [location, navigate]);

  useEffect(() => {
    void hideSplash();
    const go = (path: string, replace = false) => void navigateRef.current(path, { replace });
    watchNetwork((online) => {
      const onOfflinePage = window.location.pathname === errorRoutes.offline.path;
      if (!online && !onOfflinePage) go(errorRoutes.offline.to());
      if (online && onOfflinePage) go(lastPage.current, true);
    });
    onForeground(() => {
      void sessionStillValid().then((valid) => {
        if (!valid) setSessionExpired(true);
      });
    });
    onDeepLink((url) => {
      const path = deepLinkPath(url);
      if (path) go(path);
    });
    onHardwareBack((canGoBack) => {
      const action = hardwareBackAction({ popupOpen: popupOpen(), canGoBack });
      if (action === 'back') window.history.back();
      if (action === 'exit') void leaveApp();
    });
    onPushOpened((push) => go(pushOpenedPath(push)));
    startPushRegistration();
  }, []);

  // SPEC §9: at start (and for a newly chosen brand) and every 3 hours.
  useEffect(() => {
    const check = () => void requiredUpdateUrl().then(setUpdateUrl);
    check();
    const timer = setInterval(check, APP_VERSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [company]);

  if (updateUrl) {
    // Cannot be dismissed: no close button, Escape and the backdrop do nothing.
    return (
      <ModalDialog
        open
        onClose={() => undefined}
        title={t('native.force_update.title')}
        description={t('native.force_update.text')}
        className="dialog"
      >
        <div className="dialog-actions">
          <a className="button button--primary" href={updateUrl}>
            {t('native.force_update.button')}
          </a>
        </div>
      </ModalDialog>
    );
  }
  if (sessionExpired) {
    return (
      <ModalDialog
        open
        onClose={() => undefined}
        title={t('native.session_expired.title')}
        description={t('native.session_expired.text')}
        className="dialog feedback-panel"
      >
        <div className="dialog-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setSessionExpired(false);
              void navigate(authRoutes.login.to());
            }}
          >
            {t('native.session_expired.button')}
          </button>
        </div>
      </ModalDialog>
    );
  }
  return null;
}
