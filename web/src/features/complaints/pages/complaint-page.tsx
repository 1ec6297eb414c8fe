// /reclami/:id: one complaint, its clock and compensation first, then what was written, the answer,
// how long it is kept, and the PDF of complaint and answer.
import { erpComplaints } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { callApi } from '../../../shared/api/api-client';
import { useDownload } from '../../../shared/files/use-download';
import { formatInstantDate, formatIsoDate } from '../../../shared/format/format';
import { complaintQuery } from '../api/queries';
import { ComplaintClock } from '../components/complaint-clock';
import { PersonCard } from '../components/person-card';
import { t } from '../i18n';
import { complaintRoutes } from '../routes';
import '../complaints.css';

function PdfDownload({ id }: { id: string }) {
  const { state, download } = useDownload(() =>
    callApi(erpComplaints.getComplaintPdf, { params: { id } }, { quiet: true }),
  );
  return (
    <div>
      <button
        type="button"
        className="button button--secondary"
        disabled={state === 'busy'}
        onClick={download}
      >
        {state === 'busy' ? t('complaints.detail.downloading') : t('complaints.detail.download')}
      </button>
      <p role="status">{state === 'failed' ? t('complaints.detail.download_failed') : ''}</p>
    </div>
  );
}

export default function ComplaintPage() {
  const { id = '' } = useParams();
  const { data: c, status } = useQuery(complaintQuery(id));
  return (
    <div className="page">
      <p>
        <Link to={complaintRoutes.list.to()}>{t('complaints.detail.back')}</Link>
      </p>
      {status === 'pending' ? <p className="card__muted">{t('complaints.list.loading')}</p> : null}
      {status === 'error' ? <p>{t('complaints.detail.not_found')}</p> : null}
      {c ? (
        <>
          <h1 className="page__title">{t('complaints.list.number', { number: c.key })}</h1>
          <ComplaintClock complaint={c} />
          <dl className="complaint-facts">
            <dt>{t('complaints.detail.category')}</dt>
            <dd>{c.categoryLabel}</dd>
            <dt>{t('complaints.detail.supply')}</dt>
            <dd>
              {c.supply.pointCode} – {c.supply.address}
            </dd>
            {c.invoice ? (
              <>
                <dt>{t('complaints.detail.bill')}</dt>
                <dd>{c.invoice.number}</dd>
              </>
            ) : null}
            <dt>{t('complaints.detail.contact')}</dt>
            <dd>{t(`complaints.contact.${c.contactPreference}`)}</dd>
          </dl>
          <section aria-labelledby="complaint-text">
            <h2 id="complaint-text" className="complaint-section__title">
              {t('complaints.detail.text')}
            </h2>
            <p className="complaint-body">{c.body}</p>
            <p className="card__muted">
              {t('complaints.list.filed', { date: formatInstantDate(c.filedAt) })}
            </p>
            {c.attachments.length > 0 ? (
              <>
                <h3>{t('complaints.detail.attachments')}</h3>
                <ul>
                  {c.attachments.map((a) => (
                    <li key={a.documentId}>{a.fileName}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
          <section aria-labelledby="complaint-answer">
            <h2 id="complaint-answer" className="complaint-section__title">
              {t('complaints.detail.answer')}
            </h2>
            <p className="complaint-body">{c.answer ?? t('complaints.detail.no_answer')}</p>
          </section>
          <p className="card__muted">{t('complaints.detail.kept', { date: formatIsoDate(c.keptUntil) })}</p>
          <PdfDownload id={c.key} />
        </>
      ) : null}
      <PersonCard />
    </div>
  );
}
