// An item's clock in words: days left, due today, overdue by, or closed.
import type { staffQueues } from '@sportello/contract';
import { t } from '../i18n';

export function clockText(item: staffQueues.QueueItem): string {
  const days = item.daysLeft;
  if (days === null) return t('staffQueues.closed');
  if (days < 0) return t('staffQueues.overdue', { count: -days });
  if (days === 0) return t('staffQueues.dueToday');
  return t('staffQueues.daysLeft', { count: days });
}

export const statusText = (status: string) =>
  status in STATUS ? t(`staffQueues.status.${status as keyof typeof STATUS}`) : status;

const STATUS = {
  Aperto: 1,
  InLavorazione: 1,
  Chiuso: 1,
  Annullato: 1,
  Risposto: 1,
  Confermata: 1,
  Rifiutata: 1,
} as const;
