// The common face of the error pages: a friendly heading, what happened, and a way forward.
import type { ReactNode } from 'react';
import { t } from '../i18n';
import { Link } from 'react-router';
import { authRoutes } from '../../auth/routes';

interface ErrorScreenProps {
  heading: string;
  text: string;
  icon: 'alert' | 'clock' | 'tools' | 'offline' | 'search';
  action?: ReactNode;
  /** More to say below the text (what happens next, what to do). */
  children?: ReactNode;
  /** The way back to the start; off where the start leads straight back here. */
  homeLink?: boolean;
}

const ICONS: Record<ErrorScreenProps['icon'], string> = {
  alert: 'M12 3l10 18H2zM12 10v5M12 18v.5',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18zM12 7v5l3 3',
  tools: 'M14 6a4 4 0 0 0 5 5l-9 9a2 2 0 0 1-3-3l9-9a4 4 0 0 0-2-2z',
  offline: 'M2 8a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19v.5M3 3l18 18',
  search: 'M10 3a7 7 0 1 0 0 14a7 7 0 0 0 0-14zM15 15l6 6',
};

export function ErrorScreen({ heading, text, icon, action, children, homeLink = true }: ErrorScreenProps) {
  return (
    <div className="page page--narrow error-screen">
      <svg
        viewBox="0 0 24 24"
        width="64"
        height="64"
        aria-hidden="true"
        focusable="false"
        className="error-screen__icon"
      >
        <path
          d={ICONS[icon]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1 className="page__title">{heading}</h1>
      <p className="page__intro">{text}</p>
      {children}
      <div className="error-screen__actions">
        {action}
        {homeLink ? (
          <Link
            to={authRoutes.index.to()}
            className={action ? 'button button--secondary' : 'button button--primary'}
          >
            {t('errors.home')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** Reloads the page the user came from; for errors that may pass on their own. */
export function RetryButton() {
  return (
    <button type="button" className="button button--primary" onClick={() => window.history.back()}>
      {t('errors.retry')}
    </button>
  );
}
