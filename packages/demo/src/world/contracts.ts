// A contract and its supplies: a contract with an end date has ended (Cessato) and so have its
// supplies with a deactivation date (Cessata). A world that needs another state for a test says so.
import type { InferInsertModel } from 'drizzle-orm';
import type { contracts, supplies } from '@sportello/db/schema';

export type ContractSpec = Omit<InferInsertModel<typeof contracts>, 'status'> & {
  /** Follows the end date unless given. */
  status?: string;
};

export function contractRow(spec: ContractSpec): InferInsertModel<typeof contracts> {
  return { ...spec, status: spec.status ?? (spec.endDate ? 'Cessato' : 'Attivo') };
}

export type SupplySpec = Omit<InferInsertModel<typeof supplies>, 'status' | 'extKey'> & {
  /** Follows the deactivation date unless given. */
  status?: string;
  /** The ERP's key of the supply; `ERP-<key>` unless given. */
  extKey?: string;
};

export function supplyRow(spec: SupplySpec): InferInsertModel<typeof supplies> {
  return {
    ...spec,
    extKey: spec.extKey ?? `ERP-${spec.key}`,
    status: spec.status ?? (spec.deactivationDate ? 'Cessata' : 'Attiva'),
  };
}
