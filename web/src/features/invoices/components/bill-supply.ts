// Which supply a bill in a list is for ('Gas · Casa'): two supplies may share a nickname, so the
// commodity comes first. Built from the customer's supplies, read once per page.
import { useQuery } from '@tanstack/react-query';
import type { erpSupplies } from '@sportello/contract';
import { customerSuppliesQuery } from '../../../shared/api/supplies-query';
import { supplyName } from '../../../shared/format/supply-label';
import { t } from '../i18n';

/** The line naming the supplies of a contract, or null when none is known. */
export function supplyLine(supplies: readonly erpSupplies.Supply[], contractId: string): string | null {
  const ofContract = supplies.filter((s) => s.contract.id === contractId);
  const first = ofContract[0];
  if (!first) return null;
  return t('invoices.list.supply_line', {
    commodity: t(`invoices.commodity_short.${first.commodity}`),
    name: ofContract.map(supplyName).join(', '),
  });
}

/**
 * For a list of the customer's bills: contract id → its supply line; null while the supplies load,
 * so a list waits for them rather than have a line appear under each shown bill and push the page.
 */
export function useSupplyLines(customerKey: string): SupplyLines | null {
  const supplies = useQuery(customerSuppliesQuery(customerKey));
  if (supplies.status === 'pending') return null;
  const known = supplies.data?.supplies ?? [];
  return (contractId) => supplyLine(known, contractId);
}

export type SupplyLines = (contractId: string) => string | null;
