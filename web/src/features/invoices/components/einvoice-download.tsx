// The bill's electronic invoice beside its PDF (ADR 067): the FatturaPA XML the supplier sent through
// the Sistema di Interscambio, downloaded as a file; a bill whose XML the ERP has not sent says so in
// words rather than offering a button that would fail.
import { erpInvoices } from '@sportello/contract';
import { callApi } from '../../../shared/api/api-client';
import { useDownload } from '../../../shared/files/use-download';
import { t } from '../i18n';

export function EInvoiceDownload({
  invoiceId,
  eInvoice,
}: {
  invoiceId: string;
  eInvoice: erpInvoices.InvoiceDetail['eInvoice'];
}) {
  const { state, download } = useDownload(() =>
    callApi(erpInvoices.getInvoiceEInvoice, { params: { id: invoiceId } }, { quiet: true }),
  );
  if (!eInvoice.xml) return <p className="bill-einvoice__missing">{t('invoices.detail.einvoice_missing')}</p>;
  return (
    <div className="bill-download">
      <button
        type="button"
        className="button button--secondary"
        onClick={download}
        disabled={state === 'busy'}
      >
        {state === 'busy' ? t('invoices.detail.downloading') : t('invoices.detail.einvoice_download')}
      </button>
      {eInvoice.sdiId ? (
        <p className="bill-einvoice__id">{t('invoices.detail.einvoice_sdi_id', { id: eInvoice.sdiId })}</p>
      ) : null}
      <p role="status" className="bill-download__status">
        {state === 'failed' ? t('invoices.detail.einvoice_failed') : ''}
      </p>
    </div>
  );
}
