// Submit and cancel at the foot of a form, the same in every form.
import { Link } from 'react-router';
import { t } from './i18n';

interface FormActionsProps {
  submitting: boolean;
  cancelTo: string;
  /** What the submit button does, when "Conferma" says too little (e.g. "Invia il codice"). */
  submitLabel?: string;
}

export function FormActions({ submitting, cancelTo, submitLabel }: FormActionsProps) {
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? t('forms.submitting') : (submitLabel ?? t('forms.submit'))}
      </button>
      <Link to={cancelTo} className="button button--secondary">
        {t('forms.cancel')}
      </Link>
    </div>
  );
}

/** The line that explains the asterisks, above a form's first field. */
export function RequiredNote() {
  return <p className="muted">{t('forms.required_note')}</p>;
}
