// The step-up dialog (ADR 038): a `stepUp` call was refused, so the person proves it is them — with
// a passkey when they have one, else with a code sent to a contact on file — and the call is sent
// again. It is its own React root over the page (ask-step-up.tsx), so the form behind it keeps all
// that was typed. Refusals are shown inside it, in the server's Italian words.
import { passkeys } from '@sportello/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiFailure, callApi } from '../api/api-client';
import { TextField } from '../forms/text-field';
import { ModalDialog } from '../ui/modal-dialog';
import { t } from './i18n';
import { ceremonyCancelled, passkeysSupported, signWithPasskey } from './webauthn';

type Status = Awaited<ReturnType<typeof loadStatus>>;
const loadStatus = () => callApi(passkeys.getStepUp, {}, { quiet: true });
const quiet = { quiet: true } as const;

export default function StepUpDialog({ onDone }: { onDone: (passed: boolean) => void }) {
  const [status, setStatus] = useState<Status | null>(null);
  const [sent, setSent] = useState<{ workflowId: string; sentTo: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadStatus().then(setStatus, (failure: unknown) =>
      setError(failure instanceof ApiFailure ? failure.message : t('passkeys.failed')),
    );
  }, []);

  /** Runs one step; a refusal stays in the dialog, a success closes it. */
  const attempt = async (step: () => Promise<boolean>) => {
    setBusy(true);
    setError(null);
    try {
      if (await step()) onDone(true);
    } catch (failure) {
      if (failure instanceof ApiFailure) setError(failure.message);
      else if (!ceremonyCancelled(failure)) setError(t('passkeys.failed'));
    } finally {
      setBusy(false);
    }
  };

  const withPasskey = () =>
    attempt(async () => {
      const options = await callApi(passkeys.stepUpOptions, {}, quiet);
      const credential = await signWithPasskey(options);
      await callApi(passkeys.stepUpWithPasskey, { body: { credential } }, quiet);
      return true;
    });

  const sendCode = (channel: 'email' | 'phone') =>
    attempt(async () => {
      const started = await callApi(passkeys.startStepUpCode, { body: { channel } }, quiet);
      setSent(started);
      setCode('');
      return false;
    });

  const confirmCode = (event: FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    void attempt(async () => {
      await callApi(passkeys.verifyStepUpCode, { body: { workflowId: sent.workflowId, code } }, quiet);
      return true;
    });
  };

  return (
    <ModalDialog
      open
      onClose={() => onDone(false)}
      title={t('passkeys.step_up.title')}
      description={t('passkeys.step_up.intro')}
      className="dialog step-up-dialog"
    >
      {error ? (
        <div role="alert" className="form__error">
          {error}
        </div>
      ) : null}
      {status === null && error === null ? <p>{t('passkeys.step_up.loading')}</p> : null}
      {status?.hasPasskey && passkeysSupported() ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={busy}
          onClick={() => void withPasskey()}
        >
          {t('passkeys.step_up.use_passkey')}
        </button>
      ) : null}
      {status?.channels.map(({ channel, sentTo }) => (
        <button
          key={channel}
          type="button"
          className="button button--secondary button--block"
          disabled={busy}
          onClick={() => void sendCode(channel)}
        >
          {t('passkeys.step_up.send_code', { to: sentTo })}
        </button>
      ))}
      {sent ? (
        <form className="form" noValidate onSubmit={confirmCode}>
          <p role="status">{t('passkeys.step_up.code_sent', { to: sent.sentTo })}</p>
          <TextField
            label={t('passkeys.step_up.code')}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
          />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {t('passkeys.step_up.confirm')}
          </button>
        </form>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
          {t('passkeys.step_up.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
