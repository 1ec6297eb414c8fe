// The fiscal-data check every registration, association and delegation starts from (SPEC §2): client
// code and tax code only FIND a customer, of the type chosen and with a contract in force (or a former
// customer within six months of the end, ADR 066). Wrong pairs
// are throttled per address and per client code (ADR 012); an unknown pair and a wrong one get the
// same refusal.
import type { ApiError, CompanyCode, MessageCode, registration } from '@sportello/contract';
import { isValidTaxCodeFor } from '@sportello/domain';
import type * as z from 'zod/mini';
import { badRequest, fieldError, unprocessable } from '../../http/app-error.js';
import { customerArea } from '../contracts/service.js';
import { rule, type RegistrationContext } from './context.js';

export type FiscalData = z.output<typeof registration.fiscalDataSchema>;

/** Wrong client code / tax code pairs from one address; successes are taken back (ADR 012). */
export const FISCAL_DATA_FAILURES_PER_ADDRESS = 10;
/** Wrong pairs naming one client code, from any address: a new address does not buy more guesses. */
export const FISCAL_DATA_FAILURES_PER_CUSTOMER = 10;

export function taxCodeError(data: {
  customerType: FiscalData['customerType'];
  taxCode: string;
}): ApiError[] {
  if (isValidTaxCodeFor(data.customerType, data.taxCode)) return [];
  const code: MessageCode =
    data.customerType === 'private' ? 'invalid_tax_code' : 'invalid_business_tax_code';
  return [fieldError('taxCode', code)];
}

export function createFiscalDataCheck({ repository, throttle }: RegistrationContext) {
  /**
   * The customer a registration names, of the type chosen and with a contract in force or, every
   * contract ended, within the former customer's six months (ADR 066). An unknown or wrong pair (or
   * type) is 422 fiscal_data_mismatch, a closed area 422 personal_area_closed, a customer with no
   * contract in force and none ended 422 contract_not_active.
   * Failures count per address and per client code, so many addresses buy no more guesses.
   */
  async function verifiedCustomer(company: CompanyCode, data: FiscalData, address: string, now: Date) {
    const errors = taxCodeError(data);
    if (errors.length > 0) throw badRequest('invalid_input', errors);
    const attempt = await throttle.attempt(
      [
        rule(`fiscal-data:ip:${address}`, FISCAL_DATA_FAILURES_PER_ADDRESS),
        rule(`fiscal-data:customer:${company}:${data.customerCode}`, FISCAL_DATA_FAILURES_PER_CUSTOMER),
      ],
      now,
    );
    const customer = await repository.customerByCodes(company, data.customerCode, data.taxCode.toUpperCase());
    if (customer?.customerType !== data.customerType) throw unprocessable('fiscal_data_mismatch');
    const { state } = customerArea(await repository.contractsOf(customer.id), now);
    if (state === 'closed') throw unprocessable('personal_area_closed');
    if (state === 'inactive') throw unprocessable('contract_not_active');
    await attempt.succeeded();
    return customer;
  }

  /** A found customer that may still register: one with a user is told at once. */
  async function unregisteredCustomer(company: CompanyCode, data: FiscalData, address: string, now: Date) {
    const customer = await verifiedCustomer(company, data, address, now);
    if (await repository.holderOf(customer.id)) throw unprocessable('user_already_registered');
    return customer;
  }

  return { verifiedCustomer, unregisteredCustomer };
}

export type FiscalDataCheck = ReturnType<typeof createFiscalDataCheck>;
