// "Azioni sull'account" (ADR 045): one button per fix, each opening a modal dialog (native <dialog>:
// focus stays inside, Esc closes) that asks the reason, confirms, and says the result or the server's
// Italian refusal in an alert. Correcting a contact takes two steps: the code goes to a contact on file
// (never the new one, which a caller could own), then the code the customer reads out. A done action refreshes the sections.
import { useRef, useState, type FormEvent } from 'react';
import { staffAccount } from '@sportello/contract';
import { StaffFailure, staffApi } from '../api';
import { useSupervisor } from '../components/use-supervisor';
import { t } from '../i18n';
import './account.css';

const SIMPLE = {
  'unlock-login': staffAccount.unlockCustomerLogin,
  'reset-link': staffAccount.resendCustomerResetLink,
  'end-sessions': staffAccount.endCustomerSessions,
} as const;
type Simple = keyof typeof SIMPLE;
type Action = Simple | 'contact' | 'delegation' | 'revoke-delegation';
const SUPERVISED: readonly Action[] = ['contact', 'delegation', 'revoke-delegation'];
/** A customer without a portal account of its own may still have given delegations: these work on it. */
const ABOUT_DELEGATIONS: readonly Action[] = ['delegation', 'revoke-delegation'];

interface Props {
  customerId: string;
  account: staffAccount.StaffCustomerAccount;
  onDone: () => void;
  onFailure: (failure: unknown) => string;
}

export function AccountActions({ customerId, account, onDone, onFailure }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [contact, setContact] = useState<'email' | 'phone'>('email');
  const [value, setValue] = useState('');
  const [workflowId, setWorkflowId] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [delegate, setDelegate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const supervisor = useSupervisor();

  const pending = account.delegations.filter((d) => d.direction === 'given' && d.status === 'pending');
  const active = account.delegations.filter((d) => d.direction === 'given' && d.status === 'Active');
  /** The delegates the dialog offers: asked ones to confirm, active ones to revoke. */
  const delegatesFor = (a: Action | null) =>
    a === 'delegation' ? pending : a === 'revoke-delegation' ? active : [];
  const open = (next: Action) => {
    setAction(next);
    setReason('');
    setValue('');
    setCode('');
    setWorkflowId(null);
    setDelegate(delegatesFor(next)[0]?.who ?? '');
    setError(null);
    setDone(null);
    dialog.current?.showModal();
  };

  async function send(): Promise<string | null> {
    const params = { customerId };
    if (action === 'contact' && !workflowId) {
      const started = await staffApi(staffAccount.startContactCorrection, {
        params,
        body: { contact, value, reason },
      });
      setWorkflowId(started.workflowId);
      setSentTo(started.sentTo);
      return null;
    }
    if (action === 'contact') {
      await staffApi(staffAccount.confirmContactCorrection, {
        params,
        body: { workflowId: workflowId ?? '', code, reason },
      });
      return t('staffAccount.actions.contact.done');
    }
    if (action === 'delegation') {
      await staffApi(staffAccount.confirmCustomerDelegation, { params, body: { delegate, reason } });
      return t('staffAccount.actions.delegation.done');
    }
    if (action === 'revoke-delegation') {
      await staffApi(staffAccount.revokeCustomerDelegation, { params, body: { delegate, reason } });
      return t('staffAccount.actions.revoke-delegation.done');
    }
    const result = await staffApi(SIMPLE[action as Simple], { params, body: { reason } });
    return t(`staffAccount.actions.${action as Simple}.done`, { count: result.count });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!action || busy) return;
    setBusy(true);
    setError(null);
    try {
      const message = await send();
      if (message) {
        setDone(message);
        dialog.current?.close();
        onDone();
      }
    } catch (failure) {
      const fields = failure instanceof StaffFailure ? failure.errors : [];
      setError(fields[0]?.message ?? onFailure(failure));
    } finally {
      setBusy(false);
    }
  }

  const { users } = account;
  const locked = users.filter((u) => u.loginLocked).map((u) => u.username);
  const actions = (
    ['unlock-login', 'reset-link', 'end-sessions', 'contact', 'delegation', 'revoke-delegation'] as const
  ).filter(
    (a) => (supervisor || !SUPERVISED.includes(a)) && (users.length > 0 || ABOUT_DELEGATIONS.includes(a)),
  );
  const invalid = error ? { 'aria-invalid': true, 'aria-errormessage': 'staff-action-error' } : {};
  return (
    <section aria-labelledby="staff-account-actions" className="staff-card">
      <h2 id="staff-account-actions">{t('staffAccount.actions.heading')}</h2>
      {users.length === 0 ? <p className="staff-empty">{t('staffAccount.actions.noUser')}</p> : null}
      {actions.length === 0 ? null : (
        <>
          <p>{t('staffAccount.actions.intro')}</p>
          <p hidden={users.length === 0}>
            {t('staffAccount.actions.users', {
              users: users
                .map((u) =>
                  locked.includes(u.username)
                    ? `${u.username} (${t('staffAccount.actions.locked')})`
                    : u.username,
                )
                .join(', '),
            })}
          </p>
          <div className="staff-actions">
            {actions.map((key) => (
              <button key={key} type="button" onClick={() => open(key)}>
                {t(`staffAccount.actions.${key}.button`)}
              </button>
            ))}
          </div>
          {supervisor ? null : <p className="staff-hint">{t('staffAccount.actions.supervisorsOnly')}</p>}
        </>
      )}
      <div role="status">{done ? <p className="staff-done">{done}</p> : null}</div>
      <dialog
        ref={dialog}
        className="staff-dialog"
        aria-labelledby="staff-action-title"
        aria-describedby="staff-action-text"
        onClose={() => setAction(null)}
      >
        {action ? (
          <form onSubmit={submit} noValidate>
            <h3 id="staff-action-title">{t(`staffAccount.actions.${action}.title`)}</h3>
            <p id="staff-action-text">{t(`staffAccount.actions.${action}.text`)}</p>
            <label htmlFor="staff-action-reason">{t('staffAccount.actions.reason')}</label>
            <input
              type="text"
              id="staff-action-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-describedby="staff-action-hint"
              readOnly={workflowId !== null}
              maxLength={500}
              autoComplete="off"
              autoFocus
              {...invalid}
            />
            <p id="staff-action-hint" className="staff-hint">
              {t('staffAccount.actions.reasonHint')}
            </p>
            {action === 'contact' && workflowId === null ? (
              <>
                <fieldset>
                  <legend>{t('staffAccount.actions.contact.kind')}</legend>
                  {(['email', 'phone'] as const).map((kind) => (
                    <label key={kind}>
                      <input
                        type="radio"
                        name="staff-contact-kind"
                        checked={contact === kind}
                        onChange={() => setContact(kind)}
                      />{' '}
                      {t(`staffAccount.actions.contact.${kind}`)}
                    </label>
                  ))}
                </fieldset>
                <label htmlFor="staff-contact-value">{t('staffAccount.actions.contact.value')}</label>
                <input
                  id="staff-contact-value"
                  type={contact === 'email' ? 'email' : 'tel'}
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                  autoComplete="off"
                  {...invalid}
                />
              </>
            ) : null}
            {action === 'contact' && workflowId !== null ? (
              <>
                <p className="staff-done">{t('staffAccount.actions.contact.sent', { sentTo })}</p>
                <label htmlFor="staff-contact-code">{t('staffAccount.actions.contact.code')}</label>
                <input
                  id="staff-contact-code"
                  inputMode="numeric"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="off"
                  {...invalid}
                />
              </>
            ) : null}
            {action === 'delegation' || action === 'revoke-delegation' ? (
              delegatesFor(action).length === 0 ? (
                <p className="staff-empty">{t(`staffAccount.actions.${action}.none`)}</p>
              ) : (
                <>
                  <label htmlFor="staff-delegate">{t(`staffAccount.actions.${action}.delegate`)}</label>
                  <select id="staff-delegate" value={delegate} onChange={(e) => setDelegate(e.target.value)}>
                    {delegatesFor(action).map((d) => (
                      <option key={d.who} value={d.who}>
                        {d.who}
                      </option>
                    ))}
                  </select>
                </>
              )
            ) : null}
            {error ? (
              <p id="staff-action-error" role="alert" className="staff-error">
                {error}
              </p>
            ) : null}
            <div className="staff-dialog__buttons">
              <button type="button" className="staff-secondary" onClick={() => dialog.current?.close()}>
                {t('staffAccount.actions.cancel')}
              </button>
              <button type="submit" aria-disabled={busy}>
                {action === 'contact'
                  ? workflowId === null
                    ? t('staffAccount.actions.contact.send')
                    : t('staffAccount.actions.contact.confirmCode')
                  : t('staffAccount.actions.confirm')}
              </button>
            </div>
          </form>
        ) : null}
      </dialog>
    </section>
  );
}
