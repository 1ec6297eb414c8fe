// /maintenance/{index} (SPEC §2, key ser): one maintenance contract of the customer (the boiler or
// the boiler room): the next visit first, then fee and plant, the visits planned and done, and
// its documents to download.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import { maintenanceQuery } from '../api/queries';
import { MaintenanceDocument } from '../components/maintenance-document';
import { BackToServices } from '../components/service-parts';
import { t } from '../i18n';
import '../services.css';

export default function MaintenancePage() {
  const { index } = useParams();
  const customer = useAppStore((state) => state.customer);
  const maintenance = useQuery({ ...maintenanceQuery(customer?.key ?? ''), enabled: Boolean(customer) });
  const contract = maintenance.data?.contracts.find((c) => String(c.index) === index);
  const planned = (contract?.visits ?? []).filter((v) => !v.done).reverse();
  const done = (contract?.visits ?? []).filter((v) => v.done);
  return (
    <div className="page page--narrow">
      <BackToServices />
      {maintenance.status === 'pending' ? <p className="muted">{t('services.loading')}</p> : null}
      {maintenance.status === 'error' ? <p className="muted">{t('services.error')}</p> : null}
      {maintenance.data && !contract ? <p className="muted">{t('services.maintenance.not_found')}</p> : null}
      {contract ? (
        <>
          <div className="page__head">
            <div>
              <h1 className="page__title">
                {t('services.maintenance.heading', { product: contract.product })}
              </h1>
              <p className="page__intro">
                {t('services.maintenance.since', { date: formatIsoDate(contract.startDate) })}
              </p>
            </div>
          </div>
          <section className="card maintenance-next" aria-labelledby="maintenance-next">
            <h2 id="maintenance-next" className="service-card__name">
              {t('services.maintenance.next_visit')}
            </h2>
            <p className="maintenance-next__date">
              {contract.nextVisit
                ? formatIsoDate(contract.nextVisit)
                : t('services.maintenance.no_next_visit')}
            </p>
          </section>
          <dl className="card maintenance-facts">
            <div>
              <dt>{t('services.maintenance.fee')}</dt>
              <dd>{formatCents(contract.annualFeeCents)}</dd>
            </div>
            <div>
              <dt>{t('services.maintenance.status')}</dt>
              <dd>{contract.status}</dd>
            </div>
            {contract.supply ? (
              <div>
                <dt>{t('services.maintenance.supply')}</dt>
                <dd>
                  {contract.supply.address} – {t('services.point_code', { code: contract.supply.pointCode })}
                </dd>
              </div>
            ) : null}
          </dl>
          <section className="card" aria-labelledby="maintenance-visits">
            <h2 id="maintenance-visits" className="service-card__name">
              {t('services.maintenance.visits')}
            </h2>
            <h3 className="maintenance-sub">{t('services.maintenance.planned')}</h3>
            {planned.length ? (
              <ul className="maintenance-list">
                {planned.map((v) => (
                  <li key={v.date}>
                    {formatIsoDate(v.date)} – {v.kind}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('services.maintenance.no_visits')}</p>
            )}
            <h3 className="maintenance-sub">{t('services.maintenance.done')}</h3>
            {done.length ? (
              <ul className="maintenance-list">
                {done.map((v) => (
                  <li key={v.date}>
                    {formatIsoDate(v.date)} – {v.kind}
                    {v.outcome ? <>: {v.outcome}</> : null}
                    {v.technician ? (
                      <span className="muted">
                        {' '}
                        ({t('services.maintenance.technician', { name: v.technician })})
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('services.maintenance.no_visits')}</p>
            )}
          </section>
          <section className="card" aria-labelledby="maintenance-documents">
            <h2 id="maintenance-documents" className="service-card__name">
              {t('services.maintenance.documents')}
            </h2>
            {contract.documents.length ? (
              <ul className="maintenance-list">
                {contract.documents.map((d) => (
                  <MaintenanceDocument key={d.id} document={d} />
                ))}
              </ul>
            ) : (
              <p className="muted">{t('services.maintenance.no_documents')}</p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
