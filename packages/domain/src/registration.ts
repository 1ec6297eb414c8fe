// Which tax code identifies each kind of customer at registration (SPEC §2 Registration, §5): a
// private person gives the 16-character fiscal code, a company or a condominium its VAT number or
// its 11-digit fiscal code (both carry the same check digit).
import { isValidFiscalCode } from './fiscal-code';
import { isValidVatNumber } from './vat-number';

export const REGISTRATION_CUSTOMER_TYPES = ['private', 'company', 'condominium'] as const;
export type RegistrationCustomerType = (typeof REGISTRATION_CUSTOMER_TYPES)[number];

export function isValidTaxCodeFor(type: RegistrationCustomerType, value: string): boolean {
  const code = value.trim().toUpperCase();
  return type === 'private' ? isValidFiscalCode(code) : isValidVatNumber(code);
}
