// "Azioni sull'account" (ADR 045): one button per fix, each opening a modal dialog (native <dialog>:
// focus stays inside, Esc closes) that asks the reason, confirms, and says the result or the server's
// Italian refusal in an alert. A done action refreshes the sections above it.
import { useRef, useState, type FormEvent } from 'react';
import { staffAccount } from '@sportello/contract';
import { StaffFailure, staffApi } from '../api';
import { t } from '../i18n';
import './account.css';

const ACTIONS = {
  'unlock-login': staffAccount.unlockCustomerLogin,
  'reset-link': staffAccount.resendCustomerResetLink,
  'end-sessions': staffAccount.endCustomerSessions,
} as const;
type Action = keyof typeof ACTIONS;

interface Props {
  customerId: string;
  users: staffAccount.StaffCustomerAccount['users'];
  onDone: () => void;
  onFailure: (failure: unknown) => string;
}

export function AccountActions({ customerId, users, onDone, onFailure }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = (next: Action) => {
    setAction(next);
    setReason('');
    setError(null);
    setDone(null);
    dialog.current?.showModal();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!action || busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await staffApi(ACTIONS[action], { params: { customerId }, body: { reason } });
      setDone(t(`staffAccount.actions.${action}.done`, { count: result.count }));
      dialog.current?.close();
      onDone();
    } catch (failure) {
      const field =
        failure instanceof StaffFailure ? failure.errors.find((e) => e.field === 'reason') : undefined;
      setError(field?.message ?? onFailure(failure));
    } finally {
      setBusy(false);
    }
  }

  const locked = users.filter((u) => u.loginLocked).map((u) => u.username);
  return (
    <section aria-labelledby="staff-account-actions" className="staff-card">
      <h2 id="staff-account-actions">{t('staffAccount.actions.heading')}</h2>
      {users.length === 0 ? (
        <p className="staff-empty">{t('staffAccount.actions.noUser')}</p>
      ) : (
        <>
          <p>{t('staffAccount.actions.intro')}</p>
          <p>
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
            {(Object.keys(ACTIONS) as Action[]).map((key) => (
              <button key={key} type="button" onClick={() => open(key)}>
                {t(`staffAccount.actions.${key}.button`)}
              </button>
            ))}
          </div>
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
              aria-invalid={error ? true : undefined}
              aria-errormessage={error ? 'staff-action-error' : undefined}
              maxLength={500}
              autoComplete="off"
              autoFocus
            />
            <p id="staff-action-hint" className="staff-hint">
              {t('staffAccount.actions.reasonHint')}
            </p>
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
                {t('staffAccount.actions.confirm')}
              </button>
            </div>
          </form>
        ) : null}
      </dialog>
    </section>
  );
}
