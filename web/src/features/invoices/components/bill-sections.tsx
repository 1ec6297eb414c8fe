// The Bolletta 2.0 view of a bill, from the same answer the PDF is drawn from, its parts in the
// order of the 2025 front page (`bill.frontPage.parts`, ADR 031): the supplies and contract, the
// "scontrino dell'energia" by quota, the offer box, then the detail elements (readings and bands,
// every section with its lines) that the PDF's QR code opens.
import type { erpInvoices } from '@sportello/contract';
import { formatPrice, quotaQuantityText, registerName } from '@sportello/domain';
import { Link } from 'react-router';
import { formatCents, formatIsoDate, formatNumber, formatUnitPrice } from '../../../shared/format/format';
import { t } from '../i18n';

const wholeNumber = (value: number) => formatNumber(Math.round(value));

type Bill = erpInvoices.InvoiceBill;
type PartId = Bill['frontPage']['parts'][number]['id'];

/** A part's heading as the rule words it (the server's answer, so page and PDF say the same). */
export function partTitle(bill: Bill, id: PartId): string {
  return bill.frontPage.parts.find((part) => part.id === id)?.title ?? '';
}

/** Which supply and commodity the bill is for: commodity, POD/PDR, name and address, offer, whom to call. */
export function BillSupplies({ bill }: { bill: Bill }) {
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
            {/* A card in the portal only where the brand takes payments here. */}
            {t(
              bill.payment.method === 'notice' && !bill.payment.online
                ? 'invoices.payment_method.notice_offline'
                : `invoices.payment_method.${bill.payment.method}`,
            )}
            {bill.payment.iban ? ` · ${bill.payment.iban}` : ''}
          </dd>
        </div>
        {bill.frontPage.market ? (
          <div>
            <dt>{t('invoices.detail.market')}</dt>
            <dd>{bill.frontPage.market.label}</dd>
          </div>
        ) : null}
        {bill.frontPage.yearlyConsumption ? (
          <div>
            <dt>{t('invoices.detail.yearly_consumption')}</dt>
            <dd>
              {t('invoices.detail.yearly_consumption_value', {
                quantity: wholeNumber(bill.frontPage.yearlyConsumption.quantity),
                unit: bill.frontPage.yearlyConsumption.unit,
                from: formatIsoDate(bill.frontPage.yearlyConsumption.from),
                to: formatIsoDate(bill.frontPage.yearlyConsumption.to),
              })}
            </dd>
          </div>
        ) : null}
      </dl>
      <BillComplaints bill={bill} />
    </section>
  );
}

/** Where and how to file a complaint about the bill, and where to turn next: the front page says it. */
function BillComplaints({ bill }: { bill: Bill }) {
  const { complaints } = bill.frontPage;
  return (
    <div className="bill-complaints">
      <h3 className="bill-supply__title">{t('invoices.detail.complaints_heading')}</h3>
      <p>
        {complaints.howToFile} <Link to={complaints.portalPath}>{t('invoices.detail.complaints_file')}</Link>
      </p>
      <p className="muted">{complaints.nextSteps}</p>
    </div>
  );
}

/** The scontrino: each quota split into supplier and network shares, then taxes, VAT and other items. */
export function BillReceipt({ bill }: { bill: Bill }) {
  const scontrino = bill.frontPage.energyReceipt;
  const unit = bill.consumption.unit;
  return (
    <section className="bill-panel" aria-labelledby="bill-receipt">
      <h2 id="bill-receipt" className="bill-panel__title">
        {partTitle(bill, 'receipt')}
      </h2>
      <table className="bill-table bill-scontrino">
        <thead>
          <tr>
            <th scope="col">{t('invoices.detail.receipt_item')}</th>
            <th scope="col" className="bill-table__money">
              {t('invoices.detail.receipt_sale')}
            </th>
            <th scope="col" className="bill-table__money">
              {t('invoices.detail.receipt_network')}
            </th>
            <th scope="col" className="bill-table__money">
              {t('invoices.detail.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {scontrino.quotas.map((quota) => (
            <tr key={quota.kind}>
              <th scope="row">
                {quota.label}
                {/* Under its quota, not a column of its own: five columns do not fit a phone. */}
                <span className="bill-scontrino__quantity">{quotaQuantityText(quota)}</span>
              </th>
              <td className="bill-table__money">{formatCents(quota.saleCents)}</td>
              <td className="bill-table__money">{formatCents(quota.networkCents)}</td>
              <td className="bill-table__money">{formatCents(quota.totalCents)}</td>
            </tr>
          ))}
          {scontrino.others.map((line) => (
            <tr key={line.kind}>
              <th scope="row" colSpan={3}>
                {line.label}
              </th>
              <td className="bill-table__money">{formatCents(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="bill-scontrino__total">
            <th scope="row" colSpan={3}>
              {t('invoices.detail.receipt_bill_total')}
            </th>
            <td className="bill-table__money">{formatCents(scontrino.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="bill-facts">
        <div>
          <dt>{t('invoices.detail.consumption')}</dt>
          <dd>
            {wholeNumber(bill.consumption.quantity)} {unit}
            {bill.periodDays !== null ? ` · ${t('invoices.detail.days', { count: bill.periodDays })}` : ''}
          </dd>
        </div>
        {scontrino.consumptionCentsPerUnit !== null ? (
          <div>
            <dt>{t('invoices.detail.consumption_per_unit')}</dt>
            <dd>
              {t('invoices.detail.per_unit', {
                amount: formatUnitPrice(scontrino.consumptionCentsPerUnit),
                unit,
              })}
            </dd>
          </div>
        ) : null}
        {bill.averageCentsPerUnit !== null ? (
          <div>
            <dt>{t('invoices.detail.average_price')}</dt>
            <dd>
              {t('invoices.detail.per_unit', {
                amount: formatUnitPrice(bill.averageCentsPerUnit),
                unit,
              })}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** The box dell'offerta: what the customer signed, to check it is what the bill applies. */
export function BillOffer({ bill }: { bill: Bill }) {
  const { offers, offerPortalUrl } = bill.frontPage;
  return (
    <section className="bill-panel" aria-labelledby="bill-offer">
      <h2 id="bill-offer" className="bill-panel__title">
        {partTitle(bill, 'offer')}
      </h2>
      {offers.length === 0 ? <p className="muted">{t('invoices.detail.no_offer')}</p> : null}
      {offers.map((offer) => (
        <div key={offer.code} className="bill-offer">
          <dl className="bill-facts">
            <div>
              <dt>{t('invoices.detail.offer')}</dt>
              <dd>{offer.name}</dd>
            </div>
            <div>
              <dt>{t('invoices.detail.offer_code')}</dt>
              <dd>{offer.code}</dd>
            </div>
            <div>
              <dt>{t('invoices.detail.price_type')}</dt>
              <dd>{offer.priceType}</dd>
            </div>
          </dl>
          <p className="bill-offer__ends">
            {offer.endsOn
              ? t('invoices.detail.offer_ends_on', { date: formatIsoDate(offer.endsOn) })
              : t('invoices.detail.offer_no_end')}
          </p>
          <h3 className="bill-supply__title">{t('invoices.detail.offer_prices')}</h3>
          <ul className="plain-list">
            {offer.prices.map((price) => (
              <li key={price.label}>
                {price.label}: {formatPrice(price.milliEuro, price.unit, price.hourly)}
              </li>
            ))}
          </ul>
          {offer.conditions.length > 0 ? (
            <>
              <h3 className="bill-supply__title">{t('invoices.detail.offer_conditions')}</h3>
              <ul className="plain-list">
                {offer.conditions.map((condition) => (
                  <li key={condition}>{condition}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ))}
      <p className="muted">
        {t('invoices.detail.offer_portal')}:{' '}
        <a href={offerPortalUrl} rel="noreferrer" target="_blank">
          {offerPortalUrl.replace(/^https:\/\//, '')}
        </a>
      </p>
    </section>
  );
}

/** The detail elements: the page the bill's QR code opens (after the holder's login). */
export function BillDetail({ bill }: { bill: Bill }) {
  return (
    <section className="bill-panel" aria-labelledby="bill-detail" id="dettaglio">
      <h2 id="bill-detail" className="bill-panel__title">
        {partTitle(bill, 'details')}
      </h2>
      <p className="muted">{t('invoices.detail.details_intro')}</p>
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
