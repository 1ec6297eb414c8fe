// An uncaught failure anywhere in a page goes to /errore (SPEC §8), after being reported.
import { useEffect } from 'react';
import { t } from '../shared/i18n';
import { Navigate, useLocation, useRouteError } from 'react-router';
import { ERROR_PATHS } from '../shared/api/error-paths';
import { reportError } from './error-reporting';

export function RootErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  useEffect(() => reportError(error), [error]);
  // If the error page itself fails, a plain message is all that is left.
  if (pathname === ERROR_PATHS.generic) return <p role="alert">{t('popup.generic')}</p>;
  return <Navigate to={ERROR_PATHS.generic} replace />;
}
