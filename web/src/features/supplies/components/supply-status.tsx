// The supply's status as the ERP states it ('Attiva', 'Cessata'…), as a badge.
export function SupplyStatus({ status }: { status: string }) {
  const active = status === 'Attiva' || status === 'Attivo';
  return (
    <span className={`badge status-badge status-badge--${active ? 'active' : 'inactive'}`}>{status}</span>
  );
}
