// Loads the supply of the route's :id and its contract, then renders the page with both. While
// loading it shows a line; when either fails (the api client has shown its popup) it offers the
// way back to the list.
import type { erpSupplies } from '@sportello/contract';
import type { ReactNode } from 'react';
import { t } from '../i18n';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { contractQuery, supplyQuery } from '../api/queries';
import { supplyRoutes } from '../routes';
import '../supplies.css';

export interface SupplyData {
  supply: erpSupplies.Supply;
  contract: erpSupplies.Contract;
}

export function SupplyGate({ children }: { children: (data: SupplyData) => ReactNode }) {
  const { id = '' } = useParams();
  const supply = useQuery(supplyQuery(id));
  const contractId = supply.data?.contract.id;
  const contract = useQuery({ ...contractQuery(contractId ?? ''), enabled: Boolean(contractId) });
  if (supply.data && contract.data) return children({ supply: supply.data, contract: contract.data });
  const failed = supply.status === 'error' || contract.status === 'error';
  return (
    <div className="page" aria-busy={!failed}>
      <h1 className="page__title">{t(failed ? 'supplies.not_found' : 'supplies.loading')}</h1>
      {failed ? (
        <p>
          <Link to={supplyRoutes.list.to()}>{t('supplies.back_to_list')}</Link>
        </p>
      ) : null}
    </div>
  );
}
