// Customers: the ones a session reaches (own first, then delegated), and one by id or key. Whether a
// call may name a customer is decided before the handler runs (platform/reach, ADR 027).
import type { Customer } from '@sportello/contract';
import { notFound } from '../../http/app-error.js';
import { reachedIds, type ReachedCustomers } from '../../platform/reach/reached-customers.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { CustomerRow, createCustomersRepository } from './repository.js';
import {
  customerCodesTaken,
  customerIdByCode,
  insertCustomersFromErp,
  saveCustomerFromErp,
} from './erp-import.js';

type Repository = ReturnType<typeof createCustomersRepository>;

export function toCustomerDto(row: CustomerRow, delegated: boolean): Customer {
  return {
    id: String(row.id),
    key: row.key,
    customerId: row.customerCode,
    customerType: row.customerType as Customer['customerType'],
    fiscalCode: row.fiscalCode,
    vatNumber: row.vatNumber,
    account: { name: row.name, email: row.email, phoneMobile: row.phoneMobile, phoneHome: row.phoneHome },
    privacyCompany: row.privacyCompany,
    privacyOthers: row.privacyOthers,
    delegated,
  };
}

export function createCustomersService(repository: Repository) {
  return {
    /** The ERP's import (integration module, ADR 036): writes in the caller's transaction. */
    saveFromErp: saveCustomerFromErp,
    idByCode: customerIdByCode,
    insertManyFromErp: insertCustomersFromErp,
    codesTaken: customerCodesTaken,
    /**
     * Writes a customer's consents or contacts for registration and the profile, which check their
     * own rules first; `run` is their transaction when the change must commit with their rows.
     */
    update: repository.update,

    /** The customers a session reaches, own first. */
    async list(reached: ReachedCustomers): Promise<Customer[]> {
      const rows = await repository.byIds(reachedIds(reached));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return reachedIds(reached).flatMap((id) => {
        const row = byId.get(id);
        return row ? [toCustomerDto(row, id !== reached.own)] : [];
      });
    },

    /** A customer's row by id or key, for the staff console (ADR 041), whose reach is its brands. */
    row: (idOrKey: string): Promise<CustomerRow | undefined> => repository.byIdOrKey(idOrKey),

    /** The ids of the customers a user reaches: for rules about a user's customers, not for reach. */
    reachableIds: (user: SessionUser): Promise<number[]> => repository.reachedIds(user.id),

    /** A customer by id or key (404 when none); `delegated` when it is not the user's own. */
    async find(user: SessionUser, idOrKey: string): Promise<Customer> {
      const row = await repository.byIdOrKey(idOrKey);
      if (!row) throw notFound();
      return toCustomerDto(row, row.id !== user.customerId);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
