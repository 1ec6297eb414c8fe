// Business constants (spec §9) that the domain rules themselves depend on.
// Transport/UI constants (timeouts, page sizes, company codes) live in the contract package.

/** Minimum password length in characters. */
export const PASSWORD_MIN_LENGTH = 8;

/** One-time codes sent by email/SMS are exactly this many digits. */
export const OTP_CODE_LENGTH = 4;

/** How many recent GestioneSDD requests are fetched to decide whether a bank-debit change is in progress. */
export const BANK_DEBIT_REQUEST_CHECK = 10;

/** From this date (Europe/Rome) a proposal's end date counts as a whole day. */
export const PROPOSAL_WHOLE_DAY_FROM = '2024-01-16';

/** An address-check score at or above this value means the address is accepted. */
export const ADDRESS_CHECK_PASS_SCORE = 50;

/** The status the ERP gives a supply being delivered (la fornitura: feminine). */
export const ACTIVE_SUPPLY_STATUS = 'Attiva';

/** The status the ERP gives a contract in force (il contratto: masculine). */
export const ACTIVE_CONTRACT_STATUS = 'Attivo';
