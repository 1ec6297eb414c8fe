// The builders of a world's rows, with the rules every world follows: the demo generator and the
// server's test fixtures (server/test) build their rows here, so a test's world obeys the demo's.
export {
  billDocument,
  billFigures,
  installmentPlan,
  invoiceRow,
  INSTALLMENT_DAYS_AGO,
  type BillSection,
  type InvoiceSpec,
  type PaymentLevel,
} from './bills.js';
export {
  customerRow,
  delegationRow,
  userRow,
  type CustomerSpec,
  type DelegationSpec,
  type UserSpec,
} from './accounts.js';
export { contractRow, supplyRow, type ContractSpec, type SupplySpec } from './contracts.js';
export { linkRow, type LinkSpec } from './links.js';
export { proposalRow, type ProposalSpec } from './proposals.js';
export { READING_WINDOW_DAYS, readingWindowRow, type ReadingWindowSpec } from './readings.js';
