// /services (SPEC §2, key ser): every service the brand offers, each with how many of the
// customer's supplies have it active or being activated, leading to its page.
import type { erpServices } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAppStore } from '../../../shared/state/app-store';
import { maintenanceQuery, servicesQuery } from '../api/queries';
import { t } from '../i18n';
import { serviceRoutes } from '../routes';
import '../services.css';
import { serviceSummary } from '../components/service-summary';

const pathOf = (service: erpServices.Service) =>
  service.kind === 'billing'
    ? serviceRoutes.bollettaclick.to()
    : serviceRoutes.service.to({ index: String(service.index) });

function ServiceCard({ service }: { service: erpServices.Service }) {
  const count = (state: erpServices.ServiceState) => service.supplies.filter((s) => s.state === state).length;
  return (
    <li className="service-card">
      <h2 className="service-card__name">
        <Link to={pathOf(service)} aria-label={t('services.list.open', { name: service.name })}>
          {service.name}
        </Link>
      </h2>
      <p className="service-card__summary">
        {service.supplies.length
          ? serviceSummary(count('active'), count('pending'), service.supplies.length)
          : t('services.list.no_supply')}
      </p>
      <p className="muted">{service.description}</p>
      {service.oncePerCustomer ? <p className="service-card__tag">{t('services.list.once')}</p> : null}
    </li>
  );
}

function MaintenanceList({ customerKey }: { customerKey: string }) {
  const maintenance = useQuery(maintenanceQuery(customerKey));
  if (!maintenance.data) return null;
  return (
    <section aria-labelledby="maintenance-list">
      <h2 id="maintenance-list" className="service-card__name">
        {t('services.maintenance.list_title')}
      </h2>
      {maintenance.data.contracts.length ? (
        <ul className="service-links">
          {maintenance.data.contracts.map((contract) => (
            <li key={contract.id}>
              <Link to={serviceRoutes.maintenance.to({ index: String(contract.index) })}>
                {t('services.maintenance.open', { product: contract.product })}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('services.maintenance.list_empty')}</p>
      )}
    </section>
  );
}

export default function ServicesPage() {
  const customer = useAppStore((state) => state.customer);
  const services = useQuery({ ...servicesQuery(customer?.key ?? ''), enabled: Boolean(customer) });
  if (!customer) return null;
  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('services.list.heading')}</h1>
          <p className="page__intro">{t('services.list.intro', { name: customer.account.name })}</p>
        </div>
      </div>
      <div aria-busy={services.status === 'pending'}>
        {services.status === 'pending' ? <p className="muted">{t('services.loading')}</p> : null}
        {services.status === 'error' ? <p className="muted">{t('services.error')}</p> : null}
        {services.data ? (
          services.data.services.length ? (
            <ul className="service-cards">
              {services.data.services.map((service) => (
                <ServiceCard key={service.index} service={service} />
              ))}
            </ul>
          ) : (
            <p className="muted">{t('services.list.empty')}</p>
          )
        ) : null}
      </div>
      <MaintenanceList customerKey={customer.key} />
    </div>
  );
}
