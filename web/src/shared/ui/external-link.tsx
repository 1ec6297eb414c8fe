import type { ReactNode } from 'react';
import { t } from '../i18n';

/** A link to another site, in a new tab, saying so to screen readers. */
export function ExternalLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('app.new_tab')}</span>
    </a>
  );
}
