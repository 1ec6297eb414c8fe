// A dashboard card: heading, then content that reads server data. The page shows all cards at
// once when their data is in (one Suspense boundary), so nothing jumps while it loads.
import type { ReactNode } from 'react';
import { useId } from 'react';
import { t } from '../i18n';
import { SectionErrorBoundary } from '../../../shared/ui/section-error-boundary';

interface DashboardSectionProps {
  heading: string;
  className?: string;
  children: ReactNode;
}

export function DashboardSection({ heading, className, children }: DashboardSectionProps) {
  const headingId = useId();
  return (
    <section className={`card ${className ?? ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {heading}
      </h2>
      <SectionErrorBoundary fallback={<p className="card__muted">{t('dashboard.section_error')}</p>}>
        {children}
      </SectionErrorBoundary>
    </section>
  );
}
