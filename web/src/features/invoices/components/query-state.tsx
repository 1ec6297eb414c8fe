// The loading and error lines of a part of a page whose data is on its way or failed.
import { t } from '../i18n';

export function QueryState({ status }: { status: 'pending' | 'error' | 'success' }) {
  if (status === 'pending') return <p className="muted">{t('invoices.loading')}</p>;
  if (status === 'error') return <p className="muted">{t('invoices.error')}</p>;
  return null;
}
