// The rows of a customer's records with the rules every writer keeps, the ERP import and the demo
// alike: a company is known by its VAT number, a contract or supply with an end date has ended, a
// bill's payment level agrees with what is still owed.
import type { InferInsertModel } from 'drizzle-orm';
import { paymentLevelOf, type PaymentLevel } from '@sportello/domain';
import type { contracts, customers, invoices, supplies } from './schema/index.js';

export type CustomerSpec = InferInsertModel<typeof customers>;

/** A customer's row: a company is known by its VAT number, which is its fiscal code unless one is given. */
export function customerRow(spec: CustomerSpec): InferInsertModel<typeof customers> {
  const companyCode = spec.customerType === 'company' ? (spec.vatNumber ?? null) : null;
  return { ...spec, fiscalCode: spec.fiscalCode ?? companyCode };
}

export type ContractSpec = Omit<InferInsertModel<typeof contracts>, 'status'> & {
  /** Follows the end date unless given. */
  status?: string;
};

/** A contract's row: one with an end date has ended (Cessato), unless its status is given. */
export function contractRow(spec: ContractSpec): InferInsertModel<typeof contracts> {
  return { ...spec, status: spec.status ?? (spec.endDate ? 'Cessato' : 'Attivo') };
}

export type SupplySpec = Omit<InferInsertModel<typeof supplies>, 'status' | 'extKey'> & {
  /** Follows the deactivation date unless given. */
  status?: string;
  /** The ERP's key of the supply; `ERP-<key>` unless given. */
  extKey?: string;
};

/** A supply's row: one with a deactivation date has ended (Cessata), unless its status is given. */
export function supplyRow(spec: SupplySpec): InferInsertModel<typeof supplies> {
  return {
    ...spec,
    extKey: spec.extKey ?? `ERP-${spec.key}`,
    status: spec.status ?? (spec.deactivationDate ? 'Cessata' : 'Attiva'),
  };
}

export interface InvoiceSpec {
  key: string;
  /** The ERP's key of the bill; `ERP-<key>` unless given. */
  extKey?: string;
  companyCode: string;
  customerId: number;
  contractId: number;
  number: string;
  /** 1 bolletta, 2 di chiusura, 4 nota di credito, 5 rata, 9 ricalcolo, 31 conguaglio. */
  invoiceTypeCode?: number;
  issueDate: string;
  dueDate: string;
  periodStart?: string | null;
  periodEnd?: string | null;
  amountCents: number;
  outstandingCents: number;
  /** Follows from the figures unless the bill is in installments. */
  paymentLevel?: PaymentLevel;
  documentId?: number | null;
  /** The IdentificativoSdI of the bill's electronic invoice (ADR 067); null until known. */
  sdiId?: string | null;
}

/** A bill's row, its payment level agreeing with what is still owed. */
export function invoiceRow(spec: InvoiceSpec): InferInsertModel<typeof invoices> {
  const { paymentLevel, invoiceTypeCode = 1, ...fields } = spec;
  return {
    extKey: `ERP-${spec.key}`,
    invoiceTypeCode,
    ...fields,
    paymentLevel: paymentLevel ?? paymentLevelOf(spec.amountCents, spec.outstandingCents),
  };
}
