// A service's line on the services page: how many supplies have it, each number with its own
// Italian plural ('1 attivo, 0 in attivazione su 1 fornitura').
import { t } from '../i18n';

export function serviceSummary(active: number, pending: number, total: number): string {
  return t('services.list.summary', {
    active: t('services.list.active', { count: active }),
    pending: t('services.list.pending', { count: pending }),
    total: t('services.list.total', { count: total }),
  });
}
