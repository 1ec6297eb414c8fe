// Ownership: which customers a user reaches (own or delegated). Every ERP module asks here before
// touching a customer's rows, so the rule lives in one place.
import type { Customer } from '@sportello/contract';
import { forbidden, notFound } from '../../http/app-error.js';
import type { SessionUser } from '../sessions/session-store.js';
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
  async function reachable(user: SessionUser) {
    const reach = await repository.reachableIds(user.id);
    // A user of one brand never reaches another brand's customers, whatever the delegations say.
    const rows = (await repository.byIds(reach.map((r) => r.customerId))).filter(
      (row) => row.companyCode === user.companyCode,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return reach.flatMap(({ customerId, delegated }) => {
      const row = byId.get(customerId);
      return row ? [{ row, delegated }] : [];
    });
  }

  return {
    async list(user: SessionUser): Promise<Customer[]> {
      return (await reachable(user)).map(({ row, delegated }) => toCustomerDto(row, delegated));
    },

    async reachableIds(user: SessionUser): Promise<number[]> {
      return (await reachable(user)).map(({ row }) => row.id);
    },

    /**
     * The customer (by id or key) if the user reaches it. Unknown and unreachable both answer 403
     * for existing rows and 404 for missing ones; neither reveals another customer's data.
     */
    async requireReachable(user: SessionUser, idOrKey: string): Promise<Customer> {
      const row = await repository.byIdOrKey(idOrKey);
      if (!row) throw notFound();
      const match = (await reachable(user)).find((r) => r.row.id === row.id);
      if (!match) throw forbidden();
      return toCustomerDto(match.row, match.delegated);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
