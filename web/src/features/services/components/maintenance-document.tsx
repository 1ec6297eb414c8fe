// One maintenance document with its download: the call answers the PDF in base64 (for the customer
// who reaches the contract), made a file in the browser; a failure says so beside the button.
import { erpServices } from '@sportello/contract';
import { callApi } from '../../../shared/api/api-client';
import { useDownload } from '../../../shared/files/use-download';
import { formatIsoDate } from '../../../shared/format/format';
import { t } from '../i18n';

type Document = erpServices.MaintenanceContract['documents'][number];

export function MaintenanceDocument({ document }: { document: Document }) {
  const { state, download } = useDownload(() =>
    callApi(erpServices.getMaintenanceDocument, { params: { id: document.id } }, { quiet: true }),
  );
  return (
    <li className="maintenance-document">
      <span>
        <strong>{document.title}</strong>{' '}
        <span className="muted">
          {t('services.maintenance.document_line', {
            kind: document.kind,
            date: formatIsoDate(document.date),
          })}
        </span>
      </span>
      <button
        type="button"
        className="button button--secondary"
        onClick={download}
        disabled={state === 'busy'}
        aria-label={t('services.maintenance.download_label', { title: document.title })}
      >
        {state === 'busy' ? t('services.maintenance.downloading') : t('services.maintenance.download')}
      </button>
      <p role="status" className="maintenance-document__status">
        {state === 'failed' ? t('services.maintenance.download_failed') : ''}
      </p>
    </li>
  );
}
