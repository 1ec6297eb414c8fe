// How a supply is named to the user: its nickname, or else its address (SPEC: "nickname or address").
import type { erpSupplies } from '@sportello/contract';

export const supplyAddressLine = ({ address }: Pick<erpSupplies.Supply, 'address'>): string =>
  `${address.address}, ${address.postalCode} ${address.locality} (${address.province})`;

export const supplyName = (supply: Pick<erpSupplies.Supply, 'nickname' | 'address'>): string =>
  supply.nickname?.trim() ? supply.nickname : supply.address.address;
