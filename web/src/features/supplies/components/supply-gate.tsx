// Loads the supply of the route's :id and its contract, then renders the page with both. While
// loading it shows a line; when either fails (the api client has shown its popup) it offers the
// way back to the list.
import type { erpSupplies } from '@sportello/contract';
import type { ReactNode } from 'react';
import { t } from '../i18n';
import { Link, useParams } from 'react-router';
import { useContract } from '../api/get-contract';
import { useSupply } from '../api/get-supply';
import '../supplies.css';

export interface SupplyData {
  supply: erpSupplies.Supply;
  contract: erpSupplies.Contract;
}

export function SupplyGate({ children }: { children: (data: SupplyData) => ReactNode }) {
  const { id = '' } = useParams();
  const supply = useSupply(id);
  const contract = useContract(supply.data?.contract.id);
  if (supply.data && contract.data) return children({ supply: supply.data, contract: contract.data });
  const failed = supply.status === 'error' || contract.status === 'error';
  return (
    <div className="page" aria-busy={!failed}>
      <h1 className="page__title">{t(failed ? 'supplies.not_found' : 'supplies.loading')}</h1>
      {failed ? (
        <p>
          <Link to="/supplies">{t('supplies.back_to_list')}</Link>
        </p>
      ) : null}
    </div>
  );
}
