// A message's PDF attachment (ADR 056): one of the customer's documents, downloaded by the documents
// call (which checks it is theirs) under the file name the supplier gave it.
import { erpDocuments } from '@sportello/contract';
import { callApi } from '../../../shared/api/api-client';
import { useDownload } from '../../../shared/files/use-download';
import { t } from '../i18n';

export function MessageAttachment({ documentId }: { documentId: string }) {
  const { state, download } = useDownload(() =>
    callApi(erpDocuments.getDocument, { params: { id: documentId }, query: {} }, { quiet: true }),
  );
  return (
    <div className="message__attachment">
      <button
        type="button"
        className="button button--secondary"
        onClick={download}
        disabled={state === 'busy'}
      >
        {state === 'busy' ? t('messages.detail.attachment_busy') : t('messages.detail.attachment')}
      </button>
      <p role="status">{state === 'failed' ? t('messages.detail.attachment_failed') : ''}</p>
    </div>
  );
}
