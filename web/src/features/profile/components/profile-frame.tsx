// Frame of the profile's sub-pages: back to the profile, heading, intro, then the content.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../i18n';
import { profileRoutes } from '../routes';

export function ProfileFrame({
  heading,
  intro,
  children,
}: {
  heading: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <div className="page page--narrow">
      <Link to={profileRoutes.profile.to()} className="back-link">
        {t('profile.back')}
      </Link>
      <div>
        <h1 className="page__title">{heading}</h1>
        {intro ? <p className="page__intro">{intro}</p> : null}
      </div>
      <div className="card">{children}</div>
    </div>
  );
}
