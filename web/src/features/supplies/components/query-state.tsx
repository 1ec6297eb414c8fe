// The loading and error lines of a section whose data is still on its way or failed.
import { t } from '../i18n';

export function QueryState({ status }: { status: 'pending' | 'error' | 'success' }) {
  if (status === 'pending') return <p className="muted">{t('supplies.loading')}</p>;
  if (status === 'error') return <p className="muted">{t('supplies.section_error')}</p>;
  return null;
}
