// The head of a page under one bill: the way back to the bill, then the page's heading.
import { Link } from 'react-router';
import { t } from '../i18n';
import { invoiceRoutes } from '../routes';

export function SubPageHead({ id, title }: { id: string; title: string }) {
  return (
    <>
      <Link to={invoiceRoutes.detail.to({ id })} className="back-link">
        {t('invoices.back_to_invoice')}
      </Link>
      <h1 className="page__title">{title}</h1>
    </>
  );
}

/** The set with `id` added or removed: what a checkbox in a pay-several list does. */
export function toggled(set: ReadonlySet<string>, id: string, on: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}
