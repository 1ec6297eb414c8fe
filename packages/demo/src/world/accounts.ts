// Portal users and delegations (SPEC §6): a user reaches its own customer and those it holds an active
// delegation to. Every world writes these rows through here (customers through packages/db's rows).
import type { InferInsertModel } from 'drizzle-orm';
import type { delegations, users } from '@sportello/db/schema';

export type UserSpec = Omit<InferInsertModel<typeof users>, 'status' | 'type'> & {
  /** 'Active' unless given: only active users log in (SPEC §6). */
  status?: string;
  /** 'Customer' unless given; delegates are customers' users too, agencies and operators are not. */
  type?: string;
};

/** A portal user; `customerId` is its own customer, null for a delegate without one. */
export function userRow(spec: UserSpec): InferInsertModel<typeof users> {
  return { ...spec, status: spec.status ?? 'Active', type: spec.type ?? 'Customer' };
}

export type DelegationSpec = Omit<InferInsertModel<typeof delegations>, 'status'> & {
  /** 'Active' unless given: only an active delegation reaches the customer. */
  status?: string;
};

export function delegationRow(spec: DelegationSpec): InferInsertModel<typeof delegations> {
  return { ...spec, status: spec.status ?? 'Active' };
}
