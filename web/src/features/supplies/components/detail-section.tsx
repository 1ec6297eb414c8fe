// A card of the supply page: a heading, optional actions, and key/value rows.
import { useId, type ReactNode } from 'react';

export function DetailSection({
  heading,
  children,
  actions,
  className,
}: {
  heading: string;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section className={`card detail-section ${className ?? ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {heading}
      </h2>
      {children}
      {actions ? <div className="detail-section__actions">{actions}</div> : null}
    </section>
  );
}

export interface DetailRow {
  label: string;
  value: ReactNode;
}

export function DetailList({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <dl className="detail-list">
      {rows.map((row) => (
        <div key={row.label} className="detail-list__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
