// /practices/{id} (SPEC §2): one request with its state, phase and history in words, and the other
// requests of the same type on the same contract.
import { erpSupplies } from '@sportello/contract';
import { isRequestClosed, requestPhaseLabel, requestStatusLabel, requestTypeLabel } from '@sportello/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { formatInstantDate } from '../../../shared/format/format';
import { t } from '../i18n';
import { requestRoutes } from '../routes';
import '../requests.css';

const SAME_TYPE_SHOWN = 10;

function History({ request }: { request: erpSupplies.RequestTicket }) {
  const closed = isRequestClosed(request.Status);
  const steps = [
    { done: true, text: t('requests.detail.step_sent'), date: formatInstantDate(request.CreatedDate) },
    request.PhaseCode
      ? {
          done: true,
          text: t('requests.detail.step_working', {
            phase: requestPhaseLabel(request.PhaseCode, request.Status),
          }),
        }
      : request.Status === 'InLavorazione' || closed
        ? { done: true, text: t('requests.detail.step_taken') }
        : { done: false, text: t('requests.detail.step_waiting') },
    ...(closed
      ? [
          {
            done: true,
            text: t('requests.detail.step_closed', { status: requestStatusLabel(request.Status) }),
          },
        ]
      : []),
  ];
  return (
    <ol className="request-history">
      {steps.map((step) => (
        <li key={step.text} className={step.done ? 'request-history__step--done' : undefined}>
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
    <section className="card" aria-labelledby="request-same-type">
      <h2 id="request-same-type" className="request-row__type">
        {t('requests.detail.same_type')}
      </h2>
      <ul className="request-same">
        {list.map((r) => (
          <li key={r.id}>
            <Link to={requestRoutes.detail.to({ id: String(r.id) })}>{formatInstantDate(r.CreatedDate)}</Link>{' '}
            – {requestStatusLabel(r.Status)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function RequestPage() {
  const { id = '' } = useParams();
  const requestQuery = useQuery(callQueryOptions(erpSupplies.getRequest, { params: { id } }));
  const request = requestQuery.data;
  return (
    <div className="page page--narrow">
      <Link to={requestRoutes.list.to()} className="back-link">
        {t('requests.detail.back')}
      </Link>
      {requestQuery.status === 'pending' ? <p className="muted">{t('requests.loading')}</p> : null}
      {requestQuery.status === 'error' ? <p className="muted">{t('requests.error')}</p> : null}
      {request ? (
        <>
          <div className="page__head">
            <div>
              <h1 className="page__title">{requestTypeLabel(request.requestType)}</h1>
              <p className="page__intro">{t('requests.detail.number', { key: request.key })}</p>
            </div>
          </div>
          <dl className="card request-facts">
            <div>
              <dt>{t('requests.detail.state')}</dt>
              <dd className="request-row__state">{requestStatusLabel(request.Status)}</dd>
            </div>
            <div>
              <dt>{t('requests.detail.phase')}</dt>
              <dd>{requestPhaseLabel(request.PhaseCode, request.Status)}</dd>
            </div>
            <div>
              <dt>{t('requests.detail.created')}</dt>
              <dd>{formatInstantDate(request.CreatedDate)}</dd>
            </div>
            {request.description ? (
              <div>
                <dt>{t('requests.detail.description')}</dt>
                <dd>{request.description}</dd>
              </div>
            ) : null}
            {request.answer ? (
              <div>
                <dt>{t('requests.detail.answer')}</dt>
                <dd className="request-answer">{request.answer}</dd>
              </div>
            ) : null}
          </dl>
          <section className="card" aria-labelledby="request-history">
            <h2 id="request-history" className="request-row__type">
              {t('requests.detail.history')}
            </h2>
            <History request={request} />
          </section>
          <SameType request={request} />
        </>
      ) : null}
    </div>
  );
}
