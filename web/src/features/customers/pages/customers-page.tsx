// Customer choice (SPEC §6): a user reaching several customers picks one; with exactly one the
// choice is made for them; with none they wait for confirmation.
import type { Customer } from '@sportello/contract';
import { useEffect } from 'react';
import { t } from '../i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { dashboardRoutes } from '../../dashboard/routes';
import { errorRoutes } from '../../errors/routes';
import { selectCustomer } from '../../../shared/state/app-store';
import { BrandLoader } from '../../../shared/ui/loading-overlay';
import { erpCustomers } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '../../../shared/api/call-query';
import { nextPath } from '../../../shared/navigation/next-path';

export default function CustomersPage() {
  const navigate = useNavigate();
  // The page asked for before the login (a mailed bill), once a customer is chosen; else the dashboard.
  const home = nextPath(useSearchParams()[0].get('next')) ?? dashboardRoutes.home.to();
  const { data, isError } = useQuery(callQueryOptions(erpCustomers.listCustomers));
  const customers = data?.customers;

  const choose = (customer: Customer) => {
    selectCustomer(customer);
    void navigate(home);
  };

  useEffect(() => {
    if (isError) void navigate(errorRoutes.generic.to(), { replace: true });
    else if (customers?.length === 0) void navigate(errorRoutes.noCustomers.to(), { replace: true });
    else if (customers?.length === 1 && customers[0]) {
      selectCustomer(customers[0]);
      void navigate(home, { replace: true });
    }
  }, [customers, isError, navigate, home]);

  if (!customers || customers.length < 2) return <BrandLoader />;

  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('customers.heading')}</h1>
      <p className="page__intro">{t('customers.intro')}</p>
      <ul className="choice-list">
        {customers.map((customer) => (
          <li key={customer.id}>
            <button type="button" className="choice-card" onClick={() => choose(customer)}>
              <span className="choice-card__title">{customer.account.name}</span>
              <span className="choice-card__detail">
                {t('customers.client_code', { code: customer.customerId })} ·{' '}
                {t(`customers.types.${customer.customerType}`)}
              </span>
              <span className={customer.delegated ? 'badge badge--delegated' : 'badge'}>
                {customer.delegated ? t('customers.delegated') : t('customers.own')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
