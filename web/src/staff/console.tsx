// The console's frame: who is signed in, the way out, and its three pages (login, search, customer).
// The staff session lives in this tab (api.ts); a 401 anywhere sends back to the login.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { staff } from '@sportello/contract';
import { staffApi, staffSessionId, StaffFailure } from './api';
import { t } from './i18n';
import { STAFF_PATHS, type StaffSession } from './paths';
import { QUEUE_PATHS } from './queues/paths';

const LoginPage = lazy(() => import('./pages/login-page'));
const SearchPage = lazy(() => import('./pages/search-page'));
const CustomerPage = lazy(() => import('./pages/customer-page'));
const QueuePage = lazy(() => import('./queues/queue-page'));
const QueueItemPage = lazy(() => import('./queues/item-page'));
const PasskeysPage = lazy(() => import('./passkeys/passkeys-page'));

export function StaffConsole() {
  const navigate = useNavigate();
  const location = useLocation();
  const [session, setSession] = useState<StaffSession | null | undefined>(
    staffSessionId.get() ? undefined : null,
  );
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (session !== undefined) return;
    staffApi(staff.getStaffSession)
      .then(setSession)
      .catch(() => setSession(null));
  }, [session]);

  const onFailure = useCallback(
    (failure: unknown) => {
      if (failure instanceof StaffFailure && failure.status === 401) {
        setSession(null);
        setNotice(failure.message);
        void navigate(STAFF_PATHS.login);
      }
      return failure instanceof StaffFailure ? failure.message : t('staffConsole.error');
    },
    [navigate],
  );

  const logout = async () => {
    await staffApi(staff.staffLogout).catch(() => undefined);
    staffSessionId.clear();
    setSession(null);
    await navigate(STAFF_PATHS.login);
  };

  if (session === undefined) return null;
  const atLogin = location.pathname === STAFF_PATHS.login || location.pathname === `${STAFF_PATHS.login}/`;
  return (
    <div className="staff">
      <a className="staff__skip" href="#contenuto">
        {t('staffConsole.skip')}
      </a>
      <header className="staff__header">
        <p className="staff__title">{t('staffConsole.title')}</p>
        {session ? (
          <nav aria-label={t('staffConsole.title')} className="staff__nav">
            <span>
              {t('staffConsole.header.signedIn', {
                name: session.displayName,
                role: t(`staffConsole.role.${session.role}`),
                brands: session.brands.join(', '),
              })}
            </span>
            <a
              href={STAFF_PATHS.search}
              onClick={(e) => (e.preventDefault(), void navigate(STAFF_PATHS.search))}
            >
              {t('staffConsole.header.search')}
            </a>
            <a
              href={QUEUE_PATHS.queue}
              onClick={(e) => (e.preventDefault(), void navigate(QUEUE_PATHS.queue))}
            >
              {t('staffQueues.nav')}
            </a>
            <a
              href={STAFF_PATHS.passkeys}
              onClick={(e) => (e.preventDefault(), void navigate(STAFF_PATHS.passkeys))}
            >
              {t('staffPasskeys.nav')}
            </a>
            <button type="button" onClick={() => void logout()}>
              {t('staffConsole.header.logout')}
            </button>
          </nav>
        ) : null}
      </header>
      <main id="contenuto" className="staff__main" tabIndex={-1}>
        <Suspense fallback={<p>{t('staffConsole.customer.loading')}</p>}>
          <Routes>
            <Route
              path="/operatore"
              element={
                session ? (
                  <Navigate to={STAFF_PATHS.search} replace />
                ) : (
                  <LoginPage
                    notice={notice}
                    onLoggedIn={(opened) => {
                      setNotice(null);
                      setSession(opened);
                      void navigate(STAFF_PATHS.search);
                    }}
                  />
                )
              }
            />
            <Route
              path="/operatore/cerca"
              element={
                session ? <SearchPage onFailure={onFailure} /> : <Navigate to={STAFF_PATHS.login} replace />
              }
            />
            <Route
              path="/operatore/clienti/:id"
              element={
                session ? <CustomerPage onFailure={onFailure} /> : <Navigate to={STAFF_PATHS.login} replace />
              }
            />
            <Route
              path="/operatore/code"
              element={
                session ? <QueuePage onFailure={onFailure} /> : <Navigate to={STAFF_PATHS.login} replace />
              }
            />
            <Route
              path="/operatore/code/:customerId/:kind/:item"
              element={
                session ? (
                  <QueueItemPage onFailure={onFailure} />
                ) : (
                  <Navigate to={STAFF_PATHS.login} replace />
                )
              }
            />
            <Route
              path="/operatore/passkey"
              element={
                session ? <PasskeysPage onFailure={onFailure} /> : <Navigate to={STAFF_PATHS.login} replace />
              }
            />
            <Route
              path="*"
              element={<Navigate to={atLogin ? STAFF_PATHS.login : STAFF_PATHS.search} replace />}
            />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}
