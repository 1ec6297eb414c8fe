// Customer choice (SPEC §6): a user reaching several customers picks one; with exactly one the
// choice is made for them; with none they wait for confirmation.
import type { Customer } from '@sportello/contract';
import { useEffect } from 'react';
import { t } from '../i18n';
import { useNavigate } from 'react-router';
import { ERROR_PATHS } from '../../../shared/api/error-paths';
import { selectCustomer } from '../../../shared/state/app-store';
import { BrandLoader } from '../../../shared/ui/loading-overlay';
import { useCustomers } from '../api/list-customers';

export default function CustomersPage() {
  const navigate = useNavigate();
  const { data, isError } = useCustomers();
  const customers = data?.customers;

  const choose = (customer: Customer) => {
    selectCustomer(customer);
    void navigate('/dashboard');
  };

  useEffect(() => {
    if (isError) void navigate(ERROR_PATHS.generic, { replace: true });
    else if (customers?.length === 0) void navigate(ERROR_PATHS.noCustomers, { replace: true });
    else if (customers?.length === 1 && customers[0]) {
      selectCustomer(customers[0]);
      void navigate('/dashboard', { replace: true });
    }
  }, [customers, isError, navigate]);

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
