// An uncaught failure while rendering a page goes to /errore (SPEC §8), after being reported.
import { Component, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { errorRoutes } from '../features/errors/routes';
import { t } from '../shared/i18n';
import { reportError } from './error-reporting';

/** What is left when even the error page cannot show. */
export function LastResortMessage() {
  return <p role="alert">{t('popup.generic')}</p>;
}

interface Props {
  /** The settled location's key and path: a new location clears the failure. */
  locationKey: string;
  pathname: string;
  children: ReactNode;
}

interface State {
  locationKey: string;
  failed: boolean;
}

export class RootErrorBoundary extends Component<Props, State> {
  override state: State = { locationKey: this.props.locationKey, failed: false };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.locationKey === state.locationKey ? null : { locationKey: props.locationKey, failed: false };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportError(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    // If the error page itself fails, a plain message is all that is left.
    if (this.props.pathname === errorRoutes.generic.path) return <LastResortMessage />;
    return <Navigate to={errorRoutes.generic.to()} replace />;
  }
}
