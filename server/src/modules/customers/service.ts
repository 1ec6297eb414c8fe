// Ownership: which customers a user reaches (own or delegated). Every ERP module asks here before
// touching a customer's rows, so the rule lives in one place.
import type { Customer } from '@sportello/contract';
import { forbidden, notFound } from '../../http/app-error.js';
import { userAsker, type Asker } from '../sessions/asking-session.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { CustomerRow, createCustomersRepository } from './repository.js';

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
    async list(asker: Asker): Promise<Customer[]> {
      const { rows, read } = await repository.reached(asker.params);
      await asker.user(read);
      return rows.map(({ row, delegated }) => toCustomerDto(row, delegated));
    },

    async reachableIds(user: SessionUser): Promise<number[]> {
      const { rows } = await repository.reached(userAsker(user).params);
      return rows.map(({ row }) => row.id);
    },

    /**
     * The customer (by id or key) if the user reaches it: 404 when it does not exist, 403 when it
     * belongs to someone else. Only the refused customer's existence is revealed, never its data.
     */
    async requireReachable(user: SessionUser, idOrKey: string): Promise<Customer> {
      const found = await repository.reachedOne(user.id, idOrKey);
      if (found === 'missing') throw notFound();
      if (found === 'unreachable') throw forbidden();
      return toCustomerDto(found.row, found.delegated);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
