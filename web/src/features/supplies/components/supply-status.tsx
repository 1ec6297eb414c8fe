// The supply's status as the ERP states it ('Attiva', 'Cessata'…), as a badge.
import { ACTIVE_CONTRACT_STATUS, ACTIVE_SUPPLY_STATUS } from '@sportello/domain';

export function SupplyStatus({ status }: { status: string }) {
  const active = status === ACTIVE_SUPPLY_STATUS || status === ACTIVE_CONTRACT_STATUS;
  return (
    <span className={`badge status-badge status-badge--${active ? 'active' : 'inactive'}`}>{status}</span>
  );
}
