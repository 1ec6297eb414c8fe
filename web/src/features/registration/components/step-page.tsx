// The frame of a registration or password page: back link, step counter, heading, intro, card, and
// the way to help (the logged-out write-us form).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { supportRoutes } from '../../support/routes';
import { t } from '../i18n';
import '../registration.css';

export function StepPage({
  heading,
  intro,
  step,
  back,
  children,
}: {
  heading: string;
  intro?: ReactNode;
  step?: readonly [number, number];
  back?: string;
  children: ReactNode;
}) {
  return (
    <div className="page page--narrow">
      {back ? (
        <p>
          <Link to={back}>{t('registration.back')}</Link>
        </p>
      ) : null}
      <div>
        {step ? (
          <p className="registration__note">{t('registration.step', { current: step[0], total: step[1] })}</p>
        ) : null}
        <h1 className="page__title">{heading}</h1>
        {intro ? <p className="page__intro">{intro}</p> : null}
      </div>
      <div className="card">{children}</div>
      <p className="registration__note">
        <Link to={supportRoutes.helperSupport.to()}>{t('registration.help')}</Link>
      </p>
    </div>
  );
}

export function SubmitButton({ submitting, label }: { submitting: boolean; label?: string }) {
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? t('registration.sending') : (label ?? t('registration.next'))}
      </button>
    </div>
  );
}
