// /practices/{id} (SPEC §2): one request with its state, phase and history in words, and the other
// requests of the same type on the same contract.
import { erpSupplies } from '@sportello/contract';
import { isRequestClosed, requestPhaseLabel, requestStatusLabel, requestTypeLabel } from '@sportello/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { formatInstantDate } from '../../../shared/format/format';
import { t } from '../i18n';
import { practiceRoutes } from '../routes';
import '../practices.css';

const SAME_TYPE_SHOWN = 10;

function History({ request }: { request: erpSupplies.RequestTicket }) {
  const closed = isRequestClosed(request.Status);
  const steps = [
    { done: true, text: t('practices.detail.step_sent'), date: formatInstantDate(request.CreatedDate) },
    request.PhaseCode
      ? {
          done: true,
          text: t('practices.detail.step_working', {
            phase: requestPhaseLabel(request.PhaseCode, request.Status),
          }),
        }
      : request.Status === 'InLavorazione' || closed
        ? { done: true, text: t('practices.detail.step_taken') }
        : { done: false, text: t('practices.detail.step_waiting') },
    ...(closed
      ? [
          {
            done: true,
            text: t('practices.detail.step_closed', { status: requestStatusLabel(request.Status) }),
          },
        ]
      : []),
  ];
  return (
    <ol className="practice-history">
      {steps.map((step) => (
        <li key={step.text} className={step.done ? 'practice-history__step--done' : undefined}>
          {step.text}
          {'date' in step ? <span className="muted"> – {step.date}</span> : null}
        </li>
      ))}
    </ol>
  );
}

function SameType({ request }: { request: erpSupplies.RequestTicket }) {
  const others = useQuery({
    ...callQueryOptions(erpSupplies.listRequests, {
      query: {
        contractKey: request.contractId ?? '',
        requestType: request.requestType,
        pagingTake: SAME_TYPE_SHOWN,
      },
    }),
    enabled: request.contractId !== null,
  });
  const list = (others.data?.requests ?? []).filter((r) => r.id !== request.id);
  if (list.length === 0) return null;
  return (
    <section className="card" aria-labelledby="practice-same-type">
      <h2 id="practice-same-type" className="practice-row__type">
        {t('practices.detail.same_type')}
      </h2>
      <ul className="practice-same">
        {list.map((r) => (
          <li key={r.id}>
            <Link to={practiceRoutes.detail.to({ id: String(r.id) })}>
              {formatInstantDate(r.CreatedDate)}
            </Link>{' '}
            – {requestStatusLabel(r.Status)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function PracticePage() {
  const { id = '' } = useParams();
  const practice = useQuery(callQueryOptions(erpSupplies.getRequest, { params: { id } }));
  const request = practice.data;
  return (
    <div className="page page--narrow">
      <Link to={practiceRoutes.list.to()} className="back-link">
        {t('practices.detail.back')}
      </Link>
      {practice.status === 'pending' ? <p className="muted">{t('practices.loading')}</p> : null}
      {practice.status === 'error' ? <p className="muted">{t('practices.error')}</p> : null}
      {request ? (
        <>
          <div className="page__head">
            <div>
              <h1 className="page__title">{requestTypeLabel(request.requestType)}</h1>
              <p className="page__intro">{t('practices.detail.number', { key: request.key })}</p>
            </div>
          </div>
          <dl className="card practice-facts">
            <div>
              <dt>{t('practices.detail.state')}</dt>
              <dd className="practice-row__state">{requestStatusLabel(request.Status)}</dd>
            </div>
            <div>
              <dt>{t('practices.detail.phase')}</dt>
              <dd>{requestPhaseLabel(request.PhaseCode, request.Status)}</dd>
            </div>
            <div>
              <dt>{t('practices.detail.created')}</dt>
              <dd>{formatInstantDate(request.CreatedDate)}</dd>
            </div>
            {request.description ? (
              <div>
                <dt>{t('practices.detail.description')}</dt>
                <dd>{request.description}</dd>
              </div>
            ) : null}
          </dl>
          <section className="card" aria-labelledby="practice-history">
            <h2 id="practice-history" className="practice-row__type">
              {t('practices.detail.history')}
            </h2>
            <History request={request} />
          </section>
          <SameType request={request} />
        </>
      ) : null}
    </div>
  );
}
