// How a supply is named wherever it appears (dashboard, supplies list, supply page): its nickname,
// or else its street address (SPEC: "nickname or address"), with the full address on its own line.
import type { erpSupplies } from '@sportello/contract';

type Supply = Pick<erpSupplies.Supply, 'nickname' | 'address'>;

export const supplyAddressLine = ({ address }: Pick<Supply, 'address'>): string =>
  `${address.address}, ${address.postalCode} ${address.locality} (${address.province})`;

export const supplyName = (supply: Supply): string =>
  supply.nickname?.trim() ? supply.nickname.trim() : supply.address.address;
