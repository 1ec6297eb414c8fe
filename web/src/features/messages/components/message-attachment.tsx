// A message's PDF attachment (ADR 056): downloaded with the message's own call, which serves whoever
// may read the message (a guest from its link too, ADR 065), under the file name the supplier gave it.
import { erpMessages } from '@sportello/contract';
import { callApi } from '../../../shared/api/api-client';
import { useDownload } from '../../../shared/files/use-download';
import { t } from '../i18n';

export function MessageAttachment({ messageId }: { messageId: string }) {
  const { state, download } = useDownload(async () => {
    const file = await callApi(
      erpMessages.getMessageAttachment,
      { params: { id: messageId } },
      { quiet: true },
    );
    // Withdrawn meanwhile: said as a failed download.
    if (!file) throw new Error('no attachment');
    return file;
  });
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
