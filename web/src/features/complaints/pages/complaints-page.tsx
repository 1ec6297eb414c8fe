// /reclami: the customer's complaints, newest first, each with its state, due date and countdown, the
// answer's day and the automatic compensation; an empty state; the way to a person always in view.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatInstantDate } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import { complaintsQuery } from '../api/queries';
import { ComplaintClock } from '../components/complaint-clock';
import { PersonCard } from '../components/person-card';
import { t } from '../i18n';
import { complaintRoutes } from '../routes';
import '../complaints.css';

function ComplaintList({ customerKey }: { customerKey: string }) {
  const { data, status } = useQuery(complaintsQuery(customerKey));
  if (status === 'pending') return <p className="card__muted">{t('complaints.list.loading')}</p>;
  if (!data) return <p className="card__muted">{t('complaints.list.error')}</p>;
  if (data.complaints.length === 0) return <p className="card__muted">{t('complaints.list.empty')}</p>;
  return (
    <ul className="complaint-list">
      {data.complaints.map((c) => (
        <li key={c.id} className="complaint-item">
          <h2 className="complaint-item__title">
            <Link to={complaintRoutes.detail.to({ id: c.key })}>
              {t('complaints.list.number', { number: c.key })}
            </Link>
          </h2>
          <p className="complaint-item__meta">
            {c.categoryLabel} · {c.supply.pointCode} ·{' '}
            {t('complaints.list.filed', { date: formatInstantDate(c.filedAt) })}
          </p>
          <ComplaintClock complaint={c} />
        </li>
      ))}
    </ul>
  );
}

export default function ComplaintsPage() {
  const customer = useAppStore((state) => state.customer);
  if (!customer) return null;
  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('complaints.titles.list')}</h1>
          <p className="page__intro">{t('complaints.list.intro')}</p>
        </div>
        <Link className="button button--primary" to={complaintRoutes.create.to()}>
          {t('complaints.list.new')}
        </Link>
      </div>
      <ComplaintList customerKey={customer.key} key={customer.key} />
      <PersonCard />
    </div>
  );
}
