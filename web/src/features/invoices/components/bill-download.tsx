// The bill PDF download: the document call answers base64, turned into a file in the browser; a
// document still printing answers with the spec's sentence instead.
import { erpDocuments } from '@sportello/contract';
import { callApi } from '../../../shared/api/api-client';
import { useDownload } from '../../../shared/files/use-download';
import { t } from '../i18n';

export function BillDownload({ documentId }: { documentId: string | null }) {
  const { state, download } = useDownload(() =>
    callApi(
      erpDocuments.getDocument,
      // By the document's own id, whatever its type: a credit note's document is a 'credit_note'.
      { params: { id: documentId ?? '' }, query: {} },
      { quiet: true },
    ),
  );
  return (
    <div className="bill-download">
      <button
        type="button"
        className="button button--secondary"
        onClick={download}
        disabled={state === 'busy' || !documentId}
      >
        {state === 'busy' ? t('invoices.detail.downloading') : t('invoices.detail.download')}
      </button>
      <p role="status" className="bill-download__status">
        {state === 'failed' || !documentId ? t('invoices.detail.not_ready') : ''}
      </p>
    </div>
  );
}
