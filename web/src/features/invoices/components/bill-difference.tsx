// "Perché questa bolletta è diversa" (ADR 070): the bill's answer says it once (domain
// `billDifference`), the page draws it as the PDF does: the sentence first, then each part in euros
// (they add up to the difference), and what to know besides. The comparison page shows one of them.
import type { erpInvoices } from '@sportello/contract';
import { formatSignedEuro } from '@sportello/domain';
import { Link } from 'react-router';
import { formatIsoDate } from '../../../shared/format/format';
import { useAvailablePath } from '../../../shared/navigation/route-availability';
import { t } from '../i18n';
import { invoiceRoutes } from '../routes';

type Difference = erpInvoices.BillDifference;

/** One comparison: its sentence, its parts in a table (none when there is nothing to split), its notes. */
export function DifferenceExplained({
  billId,
  difference,
  headingLevel = 3,
  sideBySideLink = true,
}: {
  billId: string;
  difference: Difference;
  headingLevel?: 2 | 3;
  /** The link to the two bills side by side (not on the page that shows them). */
  sideBySideLink?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `bill-difference-${difference.against}`;
  const { other } = difference;
  const comparePath = useAvailablePath(invoiceRoutes.comparison, { id: billId, other: other?.id ?? '' });
  return (
    <div className="bill-difference" aria-labelledby={headingId} role="group">
      <Heading id={headingId} className="bill-difference__title">
        {t(`invoices.difference.against.${difference.against}`)}
        {other?.periodStart && other.periodEnd
          ? ` (${formatIsoDate(other.periodStart)} – ${formatIsoDate(other.periodEnd)})`
          : ''}
      </Heading>
      <p className="bill-difference__sentence">{difference.sentence}</p>
      {difference.parts.length > 0 && difference.totalCents !== null ? (
        <table className="bill-table bill-difference__parts">
          <caption className="visually-hidden">{t('invoices.difference.parts_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invoices.compare.item')}</th>
              <th scope="col" className="bill-table__money">
                {t('invoices.compare.difference')}
              </th>
            </tr>
          </thead>
          <tbody>
            {difference.parts.map((part) => (
              <tr key={part.kind}>
                <th scope="row">{part.label}</th>
                <td className="bill-table__money">{formatSignedEuro(part.amountCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('invoices.difference.total')}</th>
              <td className="bill-table__money">{formatSignedEuro(difference.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      ) : null}
      {difference.notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
      {other && comparePath && sideBySideLink ? (
        <Link to={comparePath}>{t('invoices.difference.side_by_side', { number: other.number })}</Link>
      ) : null}
    </div>
  );
}

/** The panel of the bill page: against the previous bill, then against the same period last year. */
export function BillDifference({ bill }: { bill: erpInvoices.InvoiceBill }) {
  return (
    <section className="bill-panel" aria-labelledby="bill-difference">
      <h2 id="bill-difference" className="bill-panel__title">
        {t('invoices.difference.heading')}
      </h2>
      <DifferenceExplained billId={bill.invoice.id} difference={bill.difference.previous} />
      <DifferenceExplained billId={bill.invoice.id} difference={bill.difference.lastYear} />
    </section>
  );
}
