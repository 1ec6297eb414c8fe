// The Bolletta 2.0 view of a bill, from the same answer the PDF is drawn from: the "scontrino
// dell'energia", consumption and average price, the supplies with their readings and bands, and
// every section with its lines.
import type { erpInvoices } from '@sportello/contract';
import { registerName } from '@sportello/domain';
import { formatCents, formatIsoDate, formatNumber, formatUnitPrice } from '../../../shared/format/format';
import { t } from '../i18n';

const wholeNumber = (value: number) => formatNumber(Math.round(value));

/** Which supply and commodity the bill is for: commodity, POD/PDR, name and address, offer, whom to call. */
export function BillSupplies({ bill }: { bill: erpInvoices.InvoiceBill }) {
  return (
    <section className="bill-panel" aria-labelledby="bill-supplies">
      <h2 id="bill-supplies" className="bill-panel__title">
        {t(`invoices.commodity.${bill.commodity}`)}
      </h2>
      {bill.supplies.map((supply) => (
        <dl key={supply.key} className="bill-facts bill-facts--supply">
          <div>
            <dt>{t(`invoices.point_code.${supply.commodity}`)}</dt>
            <dd>{supply.pointCode}</dd>
          </div>
          <div>
            <dt>{t('invoices.detail.supply_heading')}</dt>
            <dd>{supply.nickname ? `${supply.nickname} · ${supply.address}` : supply.address}</dd>
          </div>
          {supply.offerName ? (
            <div>
              <dt>{t('invoices.detail.offer')}</dt>
              <dd>{supply.offerName}</dd>
            </div>
          ) : null}
          <div>
            <dt>{supply.emergency.label}</dt>
            <dd>
              <a href={`tel:${supply.emergency.phone.replace(/\s/g, '')}`}>{supply.emergency.phone}</a>
            </dd>
          </div>
        </dl>
      ))}
      <dl className="bill-facts">
        <div>
          <dt>{t('invoices.detail.payment_method')}</dt>
          <dd>
            {t(`invoices.payment_method.${bill.payment.method}`)}
            {bill.payment.iban ? ` · ${bill.payment.iban}` : ''}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function BillReceipt({ bill }: { bill: erpInvoices.InvoiceBill }) {
  return (
    <section className="bill-panel" aria-labelledby="bill-receipt">
      <h2 id="bill-receipt" className="bill-panel__title">
        {t('invoices.detail.receipt_heading')}
      </h2>
      <dl className="bill-receipt">
        {bill.receipt.map((line) => (
          <div key={line.kind} className="bill-receipt__row">
            <dt>{line.label}</dt>
            <dd>{formatCents(line.amountCents)}</dd>
          </div>
        ))}
        <div className="bill-receipt__row bill-receipt__row--total">
          <dt>{t('invoices.detail.total')}</dt>
          <dd>{formatCents(bill.totalCents)}</dd>
        </div>
      </dl>
      <dl className="bill-facts">
        <div>
          <dt>{t('invoices.detail.consumption')}</dt>
          <dd>
            {wholeNumber(bill.consumption.quantity)} {bill.consumption.unit}
            {bill.periodDays !== null ? ` · ${t('invoices.detail.days', { count: bill.periodDays })}` : ''}
          </dd>
        </div>
        {bill.averageCentsPerUnit !== null ? (
          <div>
            <dt>{t('invoices.detail.average_price')}</dt>
            <dd>
              {t('invoices.detail.per_unit', {
                amount: formatUnitPrice(bill.averageCentsPerUnit),
                unit: bill.consumption.unit,
              })}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

export function BillDetail({ bill }: { bill: erpInvoices.InvoiceBill }) {
  return (
    <section className="bill-panel" aria-labelledby="bill-detail">
      <h2 id="bill-detail" className="bill-panel__title">
        {t('invoices.detail.sections_heading')}
      </h2>
      {bill.supplies.map((supply) => (
        <div key={supply.key} className="bill-supply">
          <h3 className="bill-supply__title">
            {t(`invoices.point_code.${supply.commodity}`)} {supply.pointCode} · {supply.address}
          </h3>
          <ul className="plain-list">
            {!supply.readings.start ? <li className="muted">{t('invoices.detail.no_readings')}</li> : null}
            {supply.readings.start ? (
              <li>
                {t('invoices.detail.reading_start', { date: formatIsoDate(supply.readings.start.date) })}
              </li>
            ) : null}
            {supply.readings.end ? (
              <li>{t('invoices.detail.reading_end', { date: formatIsoDate(supply.readings.end.date) })}</li>
            ) : null}
            {Object.entries(supply.consumptionByBand).map(([band, value]) => (
              <li key={band}>
                {t('invoices.detail.band', {
                  band: registerName(band),
                  value: wholeNumber(value),
                  unit: supply.unit,
                })}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {bill.sections.map((section) => (
        <table key={section.position} className="bill-table">
          <caption>{section.title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invoices.compare.item')}</th>
              <th scope="col">{t('invoices.detail.quantity')}</th>
              <th scope="col" className="bill-table__money">
                {t('invoices.detail.line_amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {section.lines.map((line, i) => (
              <tr key={i}>
                <th scope="row">{line.label}</th>
                <td>{line.quantity ?? ''}</td>
                <td className="bill-table__money">{formatCents(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t('invoices.detail.total')}
              </th>
              <td className="bill-table__money">{formatCents(section.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      ))}
    </section>
  );
}
