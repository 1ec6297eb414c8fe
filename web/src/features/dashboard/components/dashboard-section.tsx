// A dashboard card with its heading and the three states of its data.
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface DashboardSectionProps {
  heading: string;
  status: 'pending' | 'error' | 'success';
  className?: string;
  children: ReactNode;
}

export function DashboardSection({ heading, status, className, children }: DashboardSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      className={`card ${className ?? ''}`}
      aria-labelledby={headingId}
      aria-busy={status === 'pending'}
    >
      <h2 id={headingId} className="card__title">
        {heading}
      </h2>
      {status === 'pending' ? <p className="card__muted">{t('dashboard.loading')}</p> : null}
      {status === 'error' ? <p className="card__muted">{t('dashboard.section_error')}</p> : null}
      {status === 'success' ? children : null}
    </section>
  );
}
