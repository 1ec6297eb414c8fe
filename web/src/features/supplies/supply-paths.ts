// Paths of this area's own pages (the route table names them supply, supply_edit_name…).
export type SupplySubpage = 'edit-name' | 'edit-shipping-address' | 'edit-bank-debit' | 'add-bank-debit';

export const supplyPath = (id: string, subpage?: SupplySubpage): string =>
  `/supplies/${encodeURIComponent(id)}${subpage ? `/${subpage}` : ''}`;
