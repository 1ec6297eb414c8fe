// A form of checkboxes saved in one go (consents, alert preferences): success opens the feedback.
import type { FormEvent, ReactNode } from 'react';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { t } from '../i18n';
import { profileRoutes } from '../routes';

export function SettingsForm({
  onSave,
  saving,
  done,
  children,
}: {
  onSave: () => Promise<unknown>;
  saving: boolean;
  done: string;
  children: ReactNode;
}) {
  const feedback = useFeedback();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A failure has shown its popup; the choices stay as they are.
    const saved = await onSave().catch(() => null);
    if (!saved) return;
    feedback.show({
      title: t('profile.otp.done_title'),
      description: done,
      actions: [{ label: t('profile.back'), to: profileRoutes.profile.to() }],
    });
  };
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      {feedback.panel}
      {children}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {t('profile.save')}
        </button>
      </div>
    </form>
  );
}

export function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="form__check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
