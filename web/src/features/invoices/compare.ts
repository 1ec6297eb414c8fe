// Two bills compared in words: consumption up or down, average price up or down, days
// in the period, total. Pure, so the sentences are table-tested.
import type { erpInvoices } from '@sportello/contract';
import { formatCents, formatNumber, formatPercent, formatUnitPrice } from '../../shared/format/format';
import { t } from './i18n';

type Bill = Pick<
  erpInvoices.InvoiceBill,
  'consumption' | 'averageCentsPerUnit' | 'periodDays' | 'totalCents'
>;

/** What changed from `other` (the earlier one, usually) to `bill`, one sentence each. */
export function differences(bill: Bill, other: Bill): string[] {
  const lines: string[] = [];
  const unit = bill.consumption.unit;
  const delta = bill.consumption.quantity - other.consumption.quantity;
  const share = other.consumption.quantity > 0 ? Math.abs(delta) / other.consumption.quantity : 0;
  if (delta === 0) lines.push(t('invoices.compare.consumption_same'));
  else
    lines.push(
      t(delta > 0 ? 'invoices.compare.consumption_up' : 'invoices.compare.consumption_down', {
        value: formatNumber(Math.round(Math.abs(delta))),
        unit,
        percent: formatPercent(share),
      }),
    );
  if (bill.averageCentsPerUnit !== null && other.averageCentsPerUnit !== null) {
    const from = formatUnitPrice(other.averageCentsPerUnit);
    const to = formatUnitPrice(bill.averageCentsPerUnit);
    if (from === to) lines.push(t('invoices.compare.price_same'));
    else
      lines.push(
        t(
          bill.averageCentsPerUnit > other.averageCentsPerUnit
            ? 'invoices.compare.price_up'
            : 'invoices.compare.price_down',
          { from, to, unit },
        ),
      );
  }
  if (bill.periodDays !== null && other.periodDays !== null) {
    const days = bill.periodDays - other.periodDays;
    if (days === 0) lines.push(t('invoices.compare.days_same', { count: bill.periodDays }));
    else
      lines.push(
        t(days > 0 ? 'invoices.compare.days_more' : 'invoices.compare.days_less', {
          count: Math.abs(days),
          first: bill.periodDays,
          second: other.periodDays,
        }),
      );
  }
  const total = bill.totalCents - other.totalCents;
  if (total !== 0)
    lines.push(
      t(total > 0 ? 'invoices.compare.total_up' : 'invoices.compare.total_down', {
        amount: formatCents(Math.abs(total)),
      }),
    );
  return lines;
}
