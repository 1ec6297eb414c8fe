// The 4-digit code of an e-mail or phone check (SPEC §5): verify, or ask for a new one once the
// visible countdown ends. The workflow id comes from local storage (SPEC §4).
import { FORM_MESSAGES } from '@sportello/contract';
import { isValidOtpCode } from '@sportello/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../shared/forms/text-field';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { otpVerification, pendingCheck, useStartCheck, type OtpChannel } from '../api/profile-api';
import { t } from '../i18n';
import { profileRoutes } from '../routes';

/** Seconds before a new code may be asked for; the server allows 3 per hour in any case. */
export const RESEND_AFTER_S = 60;

const secondsLeft = (sentAt: number, now: number) =>
  Math.max(0, RESEND_AFTER_S - Math.floor((now - sentAt) / 1000));

export function OtpForm({ channel }: { channel: OtpChannel }) {
  const [check, setCheck] = useState(() => pendingCheck.read(channel));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [now, setNow] = useState(() => Date.now());
  const verify = useMutation(otpVerification);
  const resend = useStartCheck(channel);
  const feedback = useFeedback();

  const wait = check ? secondsLeft(check.sentAt, now) : 0;
  useEffect(() => {
    if (wait === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  if (!check) {
    return (
      <p>
        {t('profile.otp.none')} <Link to={profileRoutes.profile.to()}>{t('profile.back')}</Link>
      </p>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    const value = code.trim();
    if (!isValidOtpCode(value)) return setError(FORM_MESSAGES.otp_wrong);
    const answer = await verify
      .mutateAsync({ body: { workflowId: check.workflowId, code: value } })
      .catch(() => null);
    if (!answer) return;
    if (answer.matches) {
      pendingCheck.clear(channel);
      setError(undefined);
      return feedback.show({
        title: t('profile.otp.done_title'),
        description: t(channel === 'email' ? 'profile.otp.email_done' : 'profile.otp.phone_done'),
        actions: [{ label: t('profile.back'), to: profileRoutes.profile.to() }],
      });
    }
    // The 5th wrong code locks this one: say so, with the way on (a new code), not just 'wrong'.
    setError(
      answer.outcome === 'wrong'
        ? answer.attemptsLeft > 0
          ? t('profile.otp.wrong_left', { left: answer.attemptsLeft })
          : t('profile.otp.locked')
        : t(`profile.otp.${answer.outcome === 'verified' ? 'invalid' : answer.outcome}`),
    );
  };

  const onResend = async () => {
    const started = await resend.start(check.target).catch(() => null);
    if (!started) return;
    const next = pendingCheck.write(channel, started.workflowId, check.target);
    setCheck(next);
    setNow(next.sentAt);
    setCode('');
    setError(undefined);
    setNotice(t('profile.otp.resent'));
  };

  return (
    <>
      {feedback.panel}
      <p>{t('profile.otp.intro', { target: check.target })}</p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('profile.otp.label')}
          hint={t('profile.otp.hint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          required
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={verify.isPending}>
            {t('profile.otp.verify')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={wait > 0 || resend.pending}
            onClick={() => void onResend()}
          >
            {t('profile.otp.resend')}
          </button>
        </div>
        <p className="muted" role="status">
          {notice}
          {wait > 0 ? ` ${t('profile.otp.resend_in', { seconds: wait })}` : ''}
        </p>
      </form>
    </>
  );
}
