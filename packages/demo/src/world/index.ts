// The builders of a world's rows, with the rules every world follows: the demo generator and the
// server's test fixtures (server/test) build their rows here, so a test's world obeys the demo's. The
// rows the ERP import writes too are packages/db's and the bill arithmetic packages/domain's: the
// server never needs this package to run.
export { billDocument, type BillSection, type PaymentLevel } from '@sportello/domain';
export {
  contractRow,
  customerRow,
  invoiceRow,
  supplyRow,
  type ContractSpec,
  type CustomerSpec,
  type InvoiceSpec,
  type SupplySpec,
} from '@sportello/db/rows';
export { billFigures, installmentPlan, INSTALLMENT_DAYS_AGO } from './bills.js';
export { delegationRow, userRow, type DelegationSpec, type UserSpec } from './accounts.js';
export { linkRow, type LinkSpec } from './links.js';
export { proposalRow, type ProposalSpec } from './proposals.js';
export { READING_WINDOW_DAYS, readingWindowRow, type ReadingWindowSpec } from './readings.js';
export {
  demoSdiId,
  fatturaPaXml,
  partyAddress,
  type FatturaPaBill,
  type FatturaPaParty,
} from './fattura-pa.js';
