// /proposals (logged in): the customer's proposals visible today (SPEC §4), each with whether it is
// still to answer; the way to a proposal that is not only in a mail or a push.
import { erpProposals, PAGE_SIZE } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { formatIsoDate } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import { t } from '../i18n';
import { proposalRoutes } from '../routes';
import '../proposals.css';

function ProposalList({ customerKey }: { customerKey: string }) {
  const { data, status } = useQuery(
    callQueryOptions(erpProposals.listProposals, {
      query: { customerKey, pagingTake: PAGE_SIZE.proposals },
    }),
  );
  if (status === 'pending') return <p className="card__muted">{t('proposals.loading')}</p>;
  if (!data) return null;
  if (data.proposals.length === 0) return <p className="card">{t('proposals.list.empty')}</p>;
  return (
    <ul className="proposal-list">
      {data.proposals.map((proposal) => (
        <li key={proposal.key} className="card">
          <h2 className="card__title">
            <Link to={proposalRoutes.detail.to({ id: proposal.key })}>{proposal.title}</Link>
          </h2>
          <p className="card__highlight">
            {proposal.actionSelected
              ? t(`proposals.list.answered_${proposal.actionSelected}`)
              : t('proposals.list.to_answer')}
          </p>
          {proposal.endDate ? (
            <p className="card__muted">
              {t('proposals.detail.valid_until', { until: formatIsoDate(proposal.endDate) })}
            </p>
          ) : null}
          <p>{proposal.description}</p>
        </li>
      ))}
    </ul>
  );
}

export default function ProposalsPage() {
  const customer = useAppStore((state) => state.customer);
  // The guards never let a user here without a customer.
  if (!customer) return null;
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('proposals.list.heading')}</h1>
      <p className="page__intro">{t('proposals.list.intro')}</p>
      <ProposalList customerKey={customer.key} key={customer.key} />
    </div>
  );
}
