// Every call of the contract, for the OpenAPI document and for route-coverage tests.
import type { Call } from './call.js';
import * as addressService from './calls/address.js';
import * as core from './calls/core.js';
import * as erpComplaints from './calls/erp-complaints.js';
import * as erpPriceChanges from './calls/erp-price-changes.js';
import * as erpCustomers from './calls/erp-customers.js';
import * as erpDocuments from './calls/erp-documents.js';
import * as erpInvoices from './calls/erp-invoices.js';
import * as erpMessages from './calls/erp-messages.js';
import * as erpPayments from './calls/erp-payments.js';
import * as erpProposals from './calls/erp-proposals.js';
import * as erpServices from './calls/erp-services.js';
import * as erpSupport from './calls/erp-support.js';
import * as erpSupplies from './calls/erp-supplies.js';
import * as erpMetering from './calls/erp-metering.js';
import * as registration from './calls/registration.js';
import * as workflows from './calls/workflows.js';
import * as profile from './calls/profile.js';
import * as accessibility from './calls/accessibility.js';
import * as privacy from './calls/privacy.js';
import * as personal from './calls/personal.js';
import * as passkeys from './calls/passkeys.js';
import * as consultations from './calls/consultations.js';

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

export const allCalls: readonly Call[] = [
  core,
  erpCustomers,
  erpSupplies,
  erpMetering,
  erpInvoices,
  erpPayments,
  erpDocuments,
  erpMessages,
  erpProposals,
  erpServices,
  erpSupport,
  workflows,
  addressService,
  registration,
  profile,
  accessibility,
  privacy,
  erpComplaints,
  erpPriceChanges,
  personal,
  passkeys,
  consultations,
]
  .flatMap((group) => Object.values(group))
  .filter(isCall);
