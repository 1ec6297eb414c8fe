// Parts every services page uses: the state badge, a supply's line, and the gate that loads the
// customer's services and finds one by its index.
import type { erpServices } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppStore } from '../../../shared/state/app-store';
import { supplyRoutes } from '../../supplies/routes';
import { servicesQuery } from '../api/queries';
import { t } from '../i18n';
import { serviceRoutes } from '../routes';

export function StateBadge({ state }: { state: erpServices.ServiceState }) {
  return <span className={`service-state service-state--${state}`}>{t(`services.states.${state}`)}</span>;
}

export const supplyLabel = (supply: erpServices.ServiceSupply) =>
  t('services.supply_line', {
    commodity: t(`services.commodity.${supply.commodity}`),
    name: supply.nickname?.trim() || supply.address,
  });

export function BackToServices() {
  return (
    <Link to={serviceRoutes.list.to()} className="back-link">
      {t('services.back')}
    </Link>
  );
}

/**
 * Loads the services; renders the one at `index` (the {index} of the path), or the brand's one of
 * `kind`, or says it is missing.
 */
export function ServiceGate({
  index,
  kind,
  children,
}: {
  index?: string | undefined;
  kind?: erpServices.ServiceKind;
  children: (service: erpServices.Service, customerKey: string) => ReactNode;
}) {
  const customer = useAppStore((state) => state.customer);
  const services = useQuery({ ...servicesQuery(customer?.key ?? ''), enabled: Boolean(customer) });
  if (!customer) return null;
  if (services.status === 'pending') return <p className="muted">{t('services.loading')}</p>;
  if (services.status === 'error') return <p className="muted">{t('services.error')}</p>;
  const service = services.data.services.find((s) => (kind ? s.kind === kind : String(s.index) === index));
  return service ? children(service, customer.key) : <p className="muted">{t('services.not_found')}</p>;
}

/** What a supply can do with a service in its state: activate it, manage it where it lives, or wait. */
export function SupplyActions({
  service,
  supply,
}: {
  service: erpServices.Service;
  supply: erpServices.ServiceSupply;
}) {
  const names = { service: service.name, supply: supplyLabel(supply) };
  if (service.kind === 'bank_debit') {
    const route = supply.state === 'available' ? supplyRoutes.addBankDebit : supplyRoutes.editBankDebit;
    return (
      <Link to={route.to({ id: supply.supplyId })} className="button button--secondary">
        {t(supply.state === 'available' ? 'bank_debit.add' : 'services.service.bank_debit_edit')}
      </Link>
    );
  }
  if (service.kind === 'billing') {
    return (
      <Link to={serviceRoutes.bollettaclick.to()} className="button button--secondary">
        {t('services.service.bollettaclick_open')}
      </Link>
    );
  }
  if (service.kind === 'activation' && supply.state === 'available') {
    return (
      <Link
        to={`${serviceRoutes.activation.to({ index: String(service.index) })}?supply=${encodeURIComponent(supply.supplyKey)}`}
        className="button button--primary"
        aria-label={t('services.service.activate_on', names)}
      >
        {t('services.service.activate')}
      </Link>
    );
  }
  if (supply.state === 'pending') return <p className="muted">{t('services.service.pending_note')}</p>;
  return null;
}

/** A form's one submit button, disabled and saying so while the request is on its way. */
export function SubmitRow({
  submitting,
  label,
  busyLabel,
}: {
  submitting: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? busyLabel : label}
      </button>
    </div>
  );
}
