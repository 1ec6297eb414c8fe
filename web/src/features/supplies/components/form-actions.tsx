// Submit and cancel (back to the supply) at the foot of an edit form.
import { t } from '../i18n';
import { Link } from 'react-router';
import { supplyPath } from '../supply-paths';

export function FormActions({ supplyId, submitting }: { supplyId: string; submitting: boolean }) {
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? t('supplies.form.submitting') : t('supplies.form.submit')}
      </button>
      <Link to={supplyPath(supplyId)} className="button button--secondary">
        {t('supplies.form.cancel')}
      </Link>
    </div>
  );
}
