// /proposals/{id} (SPEC §4): the proposal within its dates, else 'Proposta non trovata' (the server
// applies the date rule of packages/domain). It can be accepted or refused once, when check-rules
// allows it. What accepting commits to — the price, the general conditions, the date it applies
// from — is shown before any choice, and accepting asks for a confirmation; the buttons wait for
// the answer, so a double tap sends one.
import type { erpProposals } from '@sportello/contract';
import { proposalEstimateSentence } from '@sportello/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSingleMutation } from '../../../shared/api/use-single-mutation';
import { Link, useParams } from 'react-router';
import { dashboardRoutes } from '../../dashboard/routes';
import {
  formatCents,
  formatInstantDate,
  formatIsoDate,
  formatUnitPrice,
} from '../../../shared/format/format';
import { ExternalLink } from '../../../shared/ui/external-link';
import { useAppStore } from '../../../shared/state/app-store';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { answerProposal, proposalQuery, proposalRulesQuery } from '../api/queries';
import { proposalRoutes } from '../routes';
import { t } from '../i18n';
import '../proposals.css';

type Proposal = erpProposals.Proposal;

function validity({ startDate, endDate }: Proposal): string | null {
  if (startDate && endDate)
    return t('proposals.detail.valid_from_until', {
      from: formatIsoDate(startDate),
      until: formatIsoDate(endDate),
    });
  if (endDate) return t('proposals.detail.valid_until', { until: formatIsoDate(endDate) });
  if (startDate) return t('proposals.detail.valid_from', { from: formatIsoDate(startDate) });
  return null;
}

/**
 * What accepting commits to: the price, what it would cost in a year on the customer's own use (the
 * server's figure, in the domain's words), the general conditions, the date it applies from.
 */
function Review({ proposal }: { proposal: Proposal }) {
  const { price, effectiveDate, estimate } = proposal;
  return (
    <section className="proposal-review" aria-labelledby="proposal-review-title">
      <h2 id="proposal-review-title" className="card__title">
        {t('proposals.detail.review_heading')}
      </h2>
      <ul className="plain-list">
        {price ? (
          <>
            <li className="card__highlight">
              {t('proposals.detail.review_energy', {
                // Millionths of a euro → cents with decimals.
                price: formatUnitPrice(price.energyMicroEuro / 10_000),
                unit: price.unit,
              })}
            </li>
            <li>{t('proposals.detail.review_fee', { fee: formatCents(price.fixedFeeCentsPerMonth) })}</li>
            {estimate ? (
              <li className="card__highlight">{proposalEstimateSentence(estimate, estimate.unit)}</li>
            ) : null}
          </>
        ) : (
          <li>{t('proposals.detail.review_no_price')}</li>
        )}
        {effectiveDate ? (
          <li>{t('proposals.detail.review_effective', { date: formatIsoDate(effectiveDate) })}</li>
        ) : null}
        <li>
          <ExternalLink href={proposalRoutes.conditions.to()}>
            {t('proposals.detail.review_conditions')}
          </ExternalLink>
        </li>
      </ul>
    </section>
  );
}

function Answer({ proposal }: { proposal: Proposal }) {
  const [reviewing, setReviewing] = useState(false);
  const rules = useQuery(proposalRulesQuery(proposal.key));
  const answer = useSingleMutation(answerProposal);
  const { panel, show } = useFeedback();
  const loggedIn = useAppStore((state) => state.user !== null);

  if (proposal.actionSelected && proposal.answeredAt) {
    const key =
      proposal.actionSelected === 'accepted'
        ? 'proposals.detail.answered_accepted'
        : 'proposals.detail.answered_rejected';
    return (
      <>
        <p className="notice" role="status">
          {t(key, { date: formatInstantDate(proposal.answeredAt) })}
        </p>
        {panel}
      </>
    );
  }
  if (!rules.data)
    return rules.status === 'pending' ? <p className="card__muted">{t('proposals.loading')}</p> : null;
  if (!rules.data.allowed) {
    return (
      <ul className="notice notice--warning plain-list">
        {rules.data.refusals.map((refusal) => (
          <li key={refusal}>{t(`proposals.detail.refusals.${refusal}`)}</li>
        ))}
      </ul>
    );
  }
  const send = (actionSelected: Proposal['actionSelected'] & string) =>
    answer.mutate(
      { body: { id: proposal.key, actionSelected } },
      {
        onSuccess: (answered) => {
          const done = answered.actionSelected === 'accepted' ? 'accepted' : 'rejected';
          show({
            title: t(`proposals.detail.done.${done}_title`),
            description: t(`proposals.detail.done.${done}_text`, { title: answered.title }),
            actions: loggedIn
              ? [{ label: t('proposals.detail.home'), to: dashboardRoutes.home.to() }]
              : [{ label: t('proposals.detail.done.close') }],
          });
        },
      },
    );
  return (
    <fieldset className="proposal-answer" disabled={answer.isPending}>
      <legend className="card__highlight">{t('proposals.detail.question')}</legend>
      {reviewing ? (
        <>
          <p className="card__highlight">{t('proposals.detail.confirm_question')}</p>
          <div className="dialog-actions">
            <button type="button" className="button button--primary" onClick={() => send('accepted')}>
              {t('proposals.detail.confirm')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setReviewing(false)}>
              {t('proposals.detail.back')}
            </button>
          </div>
        </>
      ) : (
        <div className="dialog-actions">
          <button type="button" className="button button--primary" onClick={() => setReviewing(true)}>
            {t('proposals.detail.accept')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => send('rejected')}>
            {t('proposals.detail.refuse')}
          </button>
        </div>
      )}
      <p role="status" className="card__muted">
        {answer.isPending ? t('proposals.detail.sending') : ''}
      </p>
      {panel}
    </fieldset>
  );
}

export default function ProposalPage() {
  const { id = '' } = useParams();
  const loggedIn = useAppStore((state) => state.user !== null);
  const { data: proposal, status } = useQuery(proposalQuery(id));
  const dates = proposal ? validity(proposal) : null;
  return (
    <div className="page page--narrow">
      {status === 'pending' ? <p className="card__muted">{t('proposals.loading')}</p> : null}
      {status === 'error' ? (
        <>
          <h1 className="page__title">{t('proposals.detail.not_found')}</h1>
          <p>{t('proposals.detail.not_found_text')}</p>
        </>
      ) : null}
      {proposal ? (
        <article className="card">
          <h1 className="page__title">{proposal.title}</h1>
          {dates ? <p className="card__highlight">{dates}</p> : null}
          {proposal.contract ? (
            <p className="card__muted">
              {t('proposals.detail.contract', { number: proposal.contract.number })}
            </p>
          ) : null}
          <p>{proposal.description}</p>
          {/* The price and conditions come before the choice, answered or not. */}
          <Review proposal={proposal} />
          <Answer proposal={proposal} />
        </article>
      ) : null}
      {loggedIn ? (
        <p>
          <Link to={proposalRoutes.list.to()} className="button button--ghost">
            {t('proposals.detail.all')}
          </Link>{' '}
          <Link to={dashboardRoutes.home.to()} className="button button--ghost">
            {t('proposals.detail.home')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
