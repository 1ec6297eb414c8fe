// Demo accounts of the seeded database (README). Overridable to run against another data set.
export const PASSWORD = process.env.E2E_PASSWORD ?? 'Sportello2026!';

export const ACCOUNTS = {
  privateCustomer: process.env.E2E_USER_PRIVATE ?? 'mariorossi',
  /** A company with several bills to pay (Mario's are on direct debit, suspended or in installments). */
  business: process.env.E2E_USER_BUSINESS ?? 'bianchisrl',
  /** The password-change test leaves a new password behind for this customer on brand sga. */
  passwordChanger: process.env.E2E_USER_PASSWORD_CHANGER ?? 'bianchisrl',
  delegate: process.env.E2E_USER_DELEGATE ?? 'lucaverdi',
  noCustomers: process.env.E2E_USER_NO_CUSTOMERS ?? 'paolonuovo',
} as const;

export const BRAND_NAMES = {
  sgr: 'Serena Gas & Luce',
  ast: 'Astra Energia',
  sga: 'Sole Gas Acqua',
  mes: 'Mesa Servizi Energia',
  msu: 'Musa Energia',
} as const;

export type Brand = keyof typeof BRAND_NAMES;
