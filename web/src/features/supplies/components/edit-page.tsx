// Frame of the edit pages: back to the supply, heading, intro, then the form.
import type { ReactNode } from 'react';
import { t } from '../i18n';
import { supplyRoutes } from '../routes';
import { BackLink } from './back-link';

export function EditPage({
  supplyId,
  heading,
  intro,
  children,
}: {
  supplyId: string;
  heading: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="page page--narrow">
      <BackLink to={supplyRoutes.detail.to({ id: supplyId })}>{t('supplies.back_to_supply')}</BackLink>
      <div>
        <h1 className="page__title">{heading}</h1>
        {intro ? <p className="page__intro">{intro}</p> : null}
      </div>
      <div className="card">{children}</div>
    </div>
  );
}
