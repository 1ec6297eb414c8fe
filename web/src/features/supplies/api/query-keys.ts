// Query keys of the supplies area. Lists start with 'supplies', like the dashboard's list of
// active supplies, so invalidating ['supplies'] refreshes both after a rename.
export const supplyKeys = {
  lists: ['supplies'] as const,
  list: (customerKey: string) => ['supplies', customerKey, 'all'] as const,
  supply: (id: string) => ['supply', id] as const,
  contract: (id: string) => ['contract', id] as const,
  offer: (id: string) => ['offer', id] as const,
  meterGroup: (supplyKey: string) => ['meter-group', supplyKey] as const,
  bankDebitRequests: (contractKey: string) => ['requests', contractKey, 'GestioneSDD'] as const,
  towns: (text: string) => ['address', 'towns', text] as const,
  streets: (tKey: string, text: string) => ['address', 'streets', tKey, text] as const,
};
