// One item of the work queues (ADR 042): what the customer wrote, the clock, who works it, and the
// actions — take or pass, answer, change the phase, escalate. Each action sends the item's version: a
// colleague who acted first wins, this page shows their change and keeps what was typed. A delegation
// request is not answered: a supervisor confirms it after the delegator's call, by the account's own
// fix (confirmCustomerDelegation), and the item closes with it.
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { staff, staffAccount, staffQueues, type staffQueues as queueTypes } from '@sportello/contract';
import { formatInstantDate, formatIsoDate } from '../../shared/format/format';
import { staffApi, StaffFailure } from '../api';
import { useSupervisor } from '../components/use-supervisor';
import { t } from '../i18n';
import { STAFF_PATHS, type PageProps } from '../paths';
import { clockText, statusText } from './clock';
import { QUEUE_PATHS } from './paths';
import './queues.css';

type Detail = queueTypes.QueueItemDetail;
type Action = 'assign' | 'answer' | 'phase' | 'escalate' | 'delegation';

/** What a form shows after sending: its error (with the field's own message, if any) or its success. */
interface Outcome {
  action: Action;
  error?: string;
  field?: string;
  done?: string;
}

function FormMessage({ id, outcome, action }: { id: string; outcome: Outcome | null; action: Action }) {
  if (outcome?.action !== action) return null;
  return outcome.error ? (
    <p id={id} role="alert" className="staff-error">
      {outcome.field ?? outcome.error}
    </p>
  ) : (
    <p id={id} role="status" className="staff-success">
      {outcome.done}
    </p>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="staff-card">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export default function ItemPage({ onFailure }: PageProps) {
  const { customerId = '', kind = '', item = '' } = useParams();
  const ref = { customerId, kind: kind as queueTypes.QueueItem['kind'], item };
  const [detail, setDetail] = useState<Detail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState('');
  const [reason, setReason] = useState('');
  const [colleague, setColleague] = useState('');
  const [phase, setPhase] = useState<(typeof staffQueues.REQUEST_PHASES)[number]>('InLavorazione');
  const [confirmReason, setConfirmReason] = useState('');
  const supervisor = useSupervisor();

  const load = useCallback(
    () =>
      staffApi(staffQueues.getStaffQueueItem, { params: ref })
        .then(setDetail)
        .catch((failure: unknown) => setLoadError(onFailure(failure))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the item is named by the three params
    [customerId, kind, item, onFailure],
  );
  useEffect(() => {
    void load();
  }, [load]);

  /** Sends one action; on a refusal the typed text stays, and a colleague's change (409) is shown. */
  async function act(action: Action, send: () => Promise<Detail>, done: (after: Detail) => string) {
    setBusy(true);
    setOutcome(null);
    try {
      const after = await send();
      setDetail(after);
      setOutcome({ action, done: done(after) });
      return true;
    } catch (failure) {
      const message = onFailure(failure);
      const field = failure instanceof StaffFailure ? failure.errors[0]?.message : undefined;
      setOutcome({ action, error: message, ...(field ? { field } : {}) });
      if (failure instanceof StaffFailure && failure.status === 409) void load();
      return false;
    } finally {
      setBusy(false);
    }
  }

  const back = <Link to={QUEUE_PATHS.queue}>{t('staffQueues.item.back')}</Link>;
  if (loadError)
    return (
      <section>
        <p role="alert" className="staff-error">
          {loadError}
        </p>
        <p>{back}</p>
      </section>
    );
  if (!detail) return <p>{t('staffQueues.loading')}</p>;
  const it = detail.item;
  const version = it.version;
  const open = it.daysLeft !== null;

  const take = (event: FormEvent, to?: string) => {
    event.preventDefault();
    void act(
      'assign',
      () =>
        staffApi(staffQueues.assignStaffQueueItem, {
          params: ref,
          body: { version, ...(to ? { assignee: to } : {}) },
        }),
      (after) =>
        t('staffQueues.item.assigned', { name: after.item.assignee?.displayName ?? t('staffQueues.nobody') }),
    );
  };
  const sendAnswer = (event: FormEvent) => {
    event.preventDefault();
    void act(
      'answer',
      () => staffApi(staffQueues.answerStaffQueueItem, { params: ref, body: { version, answer } }),
      () => t('staffQueues.item.sent'),
    ).then((ok) => ok && setAnswer(''));
  };
  const sendPhase = (event: FormEvent) => {
    event.preventDefault();
    void act(
      'phase',
      () => staffApi(staffQueues.setStaffQueuePhase, { params: ref, body: { version, status: phase } }),
      () => t('staffQueues.item.phaseSet'),
    );
  };
  const sendEscalation = (event: FormEvent) => {
    event.preventDefault();
    void act(
      'escalate',
      () => staffApi(staffQueues.escalateStaffQueueItem, { params: ref, body: { version, reason } }),
      () => t('staffQueues.item.escalatedDone'),
    ).then((ok) => ok && setReason(''));
  };
  const confirmDelegation = (event: FormEvent) => {
    event.preventDefault();
    void act(
      'delegation',
      async () => {
        await staffApi(staffAccount.confirmCustomerDelegation, {
          params: { customerId },
          body: { delegate: detail.delegate ?? '', reason: confirmReason },
        });
        return staffApi(staffQueues.getStaffQueueItem, { params: ref });
      },
      () => t('staffQueues.item.delegationDone'),
    ).then((ok) => ok && setConfirmReason(''));
  };
  const errorOf = (action: Action) =>
    outcome?.action === action && outcome.error ? `staff-${action}-msg` : undefined;

  const facts: [string, ReactNode][] = [
    [t('staffQueues.item.key'), it.key],
    [
      t('staffQueues.item.customer'),
      <Link key="c" to={STAFF_PATHS.customer(it.customerId)}>
        {it.customerName}
      </Link>,
    ],
    [t('staffQueues.brand'), it.company.toUpperCase()],
    [t('staffQueues.queue'), t(`staffQueues.queues.${it.queue}`)],
    [t('staffQueues.columns.opened'), formatInstantDate(it.openedAt)],
    [t('staffQueues.columns.due'), formatIsoDate(it.dueDate)],
    [t('staffQueues.columns.clock'), clockText(it)],
    [t('staffQueues.columns.status'), statusText(it.status)],
    [t('staffQueues.columns.assignee'), it.assignee?.displayName ?? t('staffQueues.nobody')],
  ];

  return (
    <article aria-labelledby="staff-item-heading">
      <p>{back}</p>
      <h1 id="staff-item-heading">{it.what}</h1>
      <Card id="staff-item-facts" title={t('staffQueues.item.facts')}>
        <dl className="staff-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {detail.escalation ? (
          <p className="staff-notice">
            {t('staffQueues.item.escalation', {
              date: formatInstantDate(detail.escalation.at),
              name: detail.escalation.by,
              reason: detail.escalation.reason,
            })}
          </p>
        ) : null}
      </Card>
      <Card
        id="staff-item-text"
        title={t(
          it.kind === 'delegation' ? 'staffQueues.item.delegationText' : 'staffQueues.item.customerText',
        )}
      >
        <p className="staff-quote">{detail.body}</p>
      </Card>
      {detail.answer ? (
        <Card id="staff-item-answer" title={t('staffQueues.item.answer')}>
          <p className="staff-quote">{detail.answer}</p>
          {detail.answeredAt ? (
            <p className="staff-hint">
              {t('staffQueues.item.answeredAt', { date: formatInstantDate(detail.answeredAt) })}
            </p>
          ) : null}
        </Card>
      ) : null}
      {open ? null : (
        <>
          <FormMessage id="staff-answer-msg" outcome={outcome} action="answer" />
          <FormMessage id="staff-delegation-msg" outcome={outcome} action="delegation" />
          <p className="staff-notice">{t('staffQueues.item.done')}</p>
        </>
      )}
      {open ? (
        <>
          <Card id="staff-item-assign" title={t('staffQueues.item.assign')}>
            <div className="staff-queue-form">
              <form onSubmit={(e) => take(e)}>
                <button type="submit" disabled={busy}>
                  {t('staffQueues.item.take')}
                </button>
              </form>
              <form className="staff-queue-form__row" onSubmit={(e) => take(e, colleague)}>
                <label>
                  {t('staffQueues.item.passTo')}
                  <select
                    value={colleague}
                    onChange={(e) => setColleague(e.target.value)}
                    aria-describedby={errorOf('assign')}
                  >
                    <option value="">{t('staffQueues.item.choose')}</option>
                    {detail.colleagues.map((c) => (
                      <option key={c.username} value={c.username}>
                        {c.displayName}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" disabled={busy || !colleague}>
                  {t('staffQueues.item.pass')}
                </button>
              </form>
              <FormMessage id="staff-assign-msg" outcome={outcome} action="assign" />
            </div>
          </Card>
          {it.kind === 'delegation' ? (
            <Card id="staff-item-delegation" title={t('staffQueues.item.delegationHeading')}>
              {supervisor ? (
                <form className="staff-queue-form" onSubmit={confirmDelegation} noValidate>
                  <p>{t('staffQueues.item.delegationIntro', { delegate: detail.delegate ?? '' })}</p>
                  <label htmlFor="staff-delegation-reason">{t('staffQueues.item.delegationReason')}</label>
                  <textarea
                    id="staff-delegation-reason"
                    rows={3}
                    value={confirmReason}
                    maxLength={staff.REASON_MAX}
                    onChange={(e) => setConfirmReason(e.target.value)}
                    aria-invalid={errorOf('delegation') ? true : undefined}
                    aria-describedby={errorOf('delegation')}
                  />
                  <div>
                    <button type="submit" disabled={busy}>
                      {t('staffQueues.item.delegationConfirm')}
                    </button>
                  </div>
                  <FormMessage id="staff-delegation-msg" outcome={outcome} action="delegation" />
                </form>
              ) : (
                <p>{t('staffQueues.item.delegationOperator')}</p>
              )}
            </Card>
          ) : (
            <Card id="staff-item-reply" title={t('staffQueues.item.answerHeading')}>
              <form className="staff-queue-form" onSubmit={sendAnswer} noValidate>
                <label htmlFor="staff-answer">{t('staffQueues.item.answerLabel')}</label>
                <p id="staff-answer-hint" className="staff-hint">
                  {t('staffQueues.item.answerHint')}
                </p>
                <textarea
                  id="staff-answer"
                  rows={6}
                  value={answer}
                  maxLength={staffQueues.ANSWER_MAX}
                  onChange={(e) => setAnswer(e.target.value)}
                  aria-invalid={errorOf('answer') ? true : undefined}
                  aria-describedby={['staff-answer-hint', errorOf('answer')].filter(Boolean).join(' ')}
                />
                <FormMessage id="staff-answer-msg" outcome={outcome} action="answer" />
                <div>
                  <button type="submit" disabled={busy}>
                    {t('staffQueues.item.send')}
                  </button>
                </div>
              </form>
            </Card>
          )}
          {it.kind === 'request' ? (
            <Card id="staff-item-phase" title={t('staffQueues.item.phaseHeading')}>
              <form className="staff-queue-form staff-queue-form__row" onSubmit={sendPhase}>
                <label>
                  {t('staffQueues.item.phaseLabel')}
                  <select
                    value={phase}
                    onChange={(e) => setPhase(e.target.value as typeof phase)}
                    aria-describedby={errorOf('phase')}
                  >
                    {staffQueues.REQUEST_PHASES.map((p) => (
                      <option key={p} value={p}>
                        {statusText(p)}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" disabled={busy}>
                  {t('staffQueues.item.setPhase')}
                </button>
              </form>
              <FormMessage id="staff-phase-msg" outcome={outcome} action="phase" />
            </Card>
          ) : null}
          <Card id="staff-item-escalate" title={t('staffQueues.item.escalateHeading')}>
            <form className="staff-queue-form" onSubmit={sendEscalation} noValidate>
              <label htmlFor="staff-reason">{t('staffQueues.item.reasonLabel')}</label>
              <textarea
                id="staff-reason"
                rows={3}
                value={reason}
                maxLength={staff.REASON_MAX}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={errorOf('escalate') ? true : undefined}
                aria-describedby={errorOf('escalate')}
              />
              <div>
                <button type="submit" disabled={busy}>
                  {t('staffQueues.item.escalate')}
                </button>
              </div>
              <FormMessage id="staff-escalate-msg" outcome={outcome} action="escalate" />
            </form>
          </Card>
        </>
      ) : null}
    </article>
  );
}
