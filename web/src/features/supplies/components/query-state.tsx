// The loading and error lines of a section whose data is still on its way or failed.
import { useTranslation } from 'react-i18next';

export function QueryState({ status }: { status: 'pending' | 'error' | 'success' }) {
  const { t } = useTranslation();
  if (status === 'pending') return <p className="muted">{t('supplies.loading')}</p>;
  if (status === 'error') return <p className="muted">{t('supplies.section_error')}</p>;
  return null;
}
