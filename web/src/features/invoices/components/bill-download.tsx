// The bill PDF download: the document call answers base64, turned into a file in the browser; a
// document still printing answers with the spec's sentence instead.
import { erpDocuments } from '@sportello/contract';
import { useState } from 'react';
import { callApi } from '../../../shared/api/api-client';
import { base64ToBlob, saveBlob } from '../../../shared/files/download';
import { t } from '../i18n';

type State = 'idle' | 'busy' | 'not_ready';

export function BillDownload({ documentId }: { documentId: string | null }) {
  const [state, setState] = useState<State>(documentId ? 'idle' : 'not_ready');
  async function download() {
    if (!documentId) return;
    setState('busy');
    try {
      const file = await callApi(
        erpDocuments.getDocument,
        // By the document's own id, whatever its type: a credit note's document is a 'credit_note'.
        { params: { id: documentId }, query: {} },
        { quiet: true },
      );
      saveBlob(base64ToBlob(file.data, file.contentType), file.fileName);
      setState('idle');
    } catch {
      setState('not_ready');
    }
  }
  return (
    <div className="bill-download">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void download()}
        disabled={state === 'busy' || !documentId}
      >
        {state === 'busy' ? t('invoices.detail.downloading') : t('invoices.detail.download')}
      </button>
      <p role="status" className="bill-download__status">
        {state === 'not_ready' ? t('invoices.detail.not_ready') : ''}
      </p>
    </div>
  );
}
