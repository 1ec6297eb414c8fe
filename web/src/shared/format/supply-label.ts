// How a supply is named wherever it appears (dashboard, supplies list, supply page): its nickname,
// or else its street address (SPEC: "nickname or address"), with the full address on its own line.
import type { erpSupplies } from '@sportello/contract';
import { t } from '../i18n';

type Supply = Pick<erpSupplies.Supply, 'nickname' | 'address'>;

export const supplyAddressLine = ({ address }: Pick<Supply, 'address'>): string =>
  `${address.address}, ${address.postalCode} ${address.locality} (${address.province})`;

export const supplyName = (supply: Supply): string =>
  supply.nickname?.trim() ? supply.nickname.trim() : supply.address.address;

/**
 * The name with the point code beside it ('Casa · PDR 65954671774156'), where a name stands alone
 * as a page's subject: a house's electricity and gas supplies are often both 'Casa'.
 */
export const supplyNameWithPoint = (
  supply: Supply & Pick<erpSupplies.Supply, 'commodity' | 'pointCode'>,
): string =>
  `${supplyName(supply)} · ${t(`supply.point_code.${supply.commodity}`, { code: supply.pointCode })}`;
