import { describe, it, expect } from 'vitest';
import * as domain from './index';

// Other packages code against these names; losing one in a refactor must break the build here.
describe('public API', () => {
  it.each([
    'isRequired',
    'isDigitsOnly',
    'isValidFiscalCode',
    'isValidCompanyFiscalCode',
    'buildFiscalCode',
    'fiscalCodeCheckChar',
    'isValidVatNumber',
    'vatCheckDigit',
    'isValidEmail',
    'passwordIssues',
    'isValidPassword',
    'passwordsMatch',
    'isValidUsername',
    'isValidOtpCode',
    'isValidPhone',
    'normalizePhone',
    'isValidMobilePhone',
    'isValidIban',
    'isValidBic',
    'normalizeIban',
    'maskIban',
    'isValidPostalCode',
    'formatEuro',
    'centsToEuro',
    'euroToCents',
    'formatDate',
    'formatDateLong',
    'todayInRome',
    'installmentStatus',
    'isInstallmentRequestAllowed',
    'isProposalVisible',
    'isHourlyPriceSupply',
    'isRegistryChangeInProgress',
    'isBankDebitChangeInProgress',
    'isShippingAddressChangeInProgress',
    'isRequestSuccess',
    'tariffBand',
    'nationalHolidays',
    'bandHolidays',
    'mergeBiHourly',
    'hourInRome',
  ])('exports function %s', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });

  it.each([
    ['PASSWORD_MIN_LENGTH', 8],
    ['OTP_CODE_LENGTH', 4],
    ['BANK_DEBIT_REQUEST_CHECK', 10],
    ['PROPOSAL_WHOLE_DAY_FROM', '2024-01-16'],
    ['ADDRESS_CHECK_PASS_SCORE', 50],
  ])('exports %s = %j', (name, value) => {
    expect((domain as Record<string, unknown>)[name]).toBe(value);
  });
});
