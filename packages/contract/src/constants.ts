// Business constants and limits of SPEC §9, in one place for server and web.
export const COMPANY_CODES = ['sgr', 'ast', 'sga', 'mes', 'msu'] as const;
export type CompanyCode = (typeof COMPANY_CODES)[number];
export const DEFAULT_COMPANY: CompanyCode = 'sga';

export const LOCALE = 'it';
export const PRODUCT_VERSION = '0.6.3';

export const HTTP_TIMEOUT_MS = 15_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const APP_VERSION_CHECK_INTERVAL_MS = 10_800_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SCROLL_RESET_DELAY_MS = 50;
export const PUSH_REDIRECT_DELAY_MS = 500;

export const PAGE_SIZE = {
  default: 100,
  notifications: 1000,
  supplies: 1000,
  invoices: 5,
  outstandingInvoiceCheck: 100,
  proposals: 1000,
  maintenanceContracts: 100,
  bankDebitRequestCheck: 10,
} as const;

export const INVOICE_PAGE_TYPE_CODES = [1, 2, 4, 5, 31, 9] as const;
export const BASE64_CHUNK_SIZE = 512;
export const ADDRESS_CHECK_PASS_SCORE = 50;
export const OTP_CODE_LENGTH = 4;
export const PASSWORD_MIN_LENGTH = 8;
export const READINGS_DEFAULT_YEARS = 2;
export const PAYMENT_GATEWAY_DEFAULT = 1;
export const PAY_KINDS = ['Invoices', 'Installments'] as const;
export const PROPOSAL_WHOLE_DAY_FROM = '2024-01-16';
export const ERROR_TRACE_SAMPLE_RATE = 0.5;

export const USER_TYPES = ['Customer', 'Agency', 'Lead', 'Operator', 'System'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** Only these types may log in (SPEC §4, §6). */
export const LOGIN_USER_TYPES: readonly UserType[] = ['Customer', 'Agency', 'Lead'];

export const USER_STATUSES = ['Active', 'Inactive', 'Pending', 'Blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
