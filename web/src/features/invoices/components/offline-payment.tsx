// How to pay a bill where the brand has no online payment: a bank transfer to the brand (IBAN,
// beneficiary, causale with the bill number) or the pagoPA-style notice code at a post office, a
// bank, a tabaccheria or by home banking (CBILL). The server answers all of it with the bill.
import type { erpInvoices } from '@sportello/contract';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { t } from '../i18n';

type Offline = NonNullable<erpInvoices.InvoiceDetail['offlinePayment']>;

/** Groups of four, as a notice code and an IBAN are printed, so they can be read aloud and copied. */
const spaced = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

export function OfflinePayment({ payment }: { payment: Offline }) {
  return (
    <section className="bill-panel" aria-labelledby="bill-offline">
      <h2 id="bill-offline" className="bill-panel__title">
        {t('invoices.offline.heading')}
      </h2>
      {/* What to transfer and by when: an installment's amount for a bill in installments. */}
      <dl className="bill-facts">
        <div>
          <dt>{t('invoices.offline.amount')}</dt>
          <dd>{formatCents(payment.amountCents)}</dd>
        </div>
        <div>
          <dt>{t('invoices.offline.by_date')}</dt>
          <dd>{formatIsoDate(payment.byDate)}</dd>
        </div>
      </dl>
      {payment.iban ? (
        <>
          <h3 className="bill-panel__subtitle">{t('invoices.offline.transfer')}</h3>
          <dl className="bill-facts">
            <div>
              <dt>{t('invoices.offline.iban')}</dt>
              <dd className="bill-code">{spaced(payment.iban)}</dd>
            </div>
            {payment.beneficiary ? (
              <div>
                <dt>{t('invoices.offline.beneficiary')}</dt>
                <dd>{payment.beneficiary}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('invoices.offline.reason')}</dt>
              <dd>{payment.reason}</dd>
            </div>
          </dl>
        </>
      ) : null}
      <h3 className="bill-panel__subtitle">{t('invoices.offline.notice')}</h3>
      <dl className="bill-facts">
        <div>
          <dt>{t('invoices.offline.notice_code')}</dt>
          <dd className="bill-code">{spaced(payment.noticeCode)}</dd>
        </div>
      </dl>
      <p>{t('invoices.offline.where')}</p>
      <p className="muted">{t('invoices.offline.demo')}</p>
    </section>
  );
}
