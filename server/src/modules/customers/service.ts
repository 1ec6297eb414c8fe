// Customers: the ones a session reaches (own first, then delegated), and one by id or key. Whether a
// call may name a customer is decided before the handler runs (platform/reach, ADR 027).
import type { Customer } from '@sportello/contract';
import { notFound } from '../../http/app-error.js';
import { reachedIds, type ReachedCustomers } from '../../platform/reach/reached-customers.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { Db } from '@sportello/db/client';
import type { CustomerRow, createCustomersRepository } from './repository.js';
import {
  customerCodesTaken,
  customerIdByCode,
  insertCustomersFromErp,
  saveCustomerFromErp,
} from './erp-import.js';
import { claimContact, contactClaims, releaseContactClaims } from './contact-claims.js';

type Repository = ReturnType<typeof createCustomersRepository>;

/** Who changed a consent and through which path (ADR 045 §3): the customer's settings, a registration. */
export interface ConsentAuthor {
  channel: 'portal' | 'registration';
  username: string;
}
/** A portal user's notification choices, recorded as the user's consents. */
export type UserConsent = 'commercial' | 'technical';

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
    /** Contacts proven in the portal (ADR 065): claimed by the profile, checked by the ERP's import. */
    claimContact,
    contactClaims,
    releaseContactClaims,
    /**
     * Writes a customer's consents or contacts for registration and the profile, which check their
     * own rules first; `run` is their transaction when the change must commit with their rows.
     */
    update: repository.update,

    /**
     * Sets the customer's privacy consents in the caller's transaction and records each one that
     * changed (old → new, who, path) in the same transaction.
     */
    async changeConsents(
      tx: Db,
      customerId: number,
      set: { privacyCompany?: boolean | undefined; privacyOthers?: boolean | undefined },
      by: ConsentAuthor,
      now: Date,
    ) {
      const before = await repository.lock(tx, customerId);
      if (!before) return;
      const given = (['privacyCompany', 'privacyOthers'] as const).filter((c) => set[c] !== undefined);
      // A registration gives the consents for the first time: each is recorded, from nothing before.
      const first = by.channel === 'registration';
      const changed = first ? given : given.filter((c) => set[c] !== before[c]);
      if (changed.length === 0) return;
      await repository.update(customerId, Object.fromEntries(changed.map((c) => [c, set[c]])), tx);
      await repository.insertConsentChanges(
        tx,
        changed.map((consent) => ({
          customerId,
          consent,
          subject: before.name,
          oldValue: first ? null : before[consent],
          newValue: set[consent] === true,
          channel: by.channel,
          byWho: by.username,
          at: now,
        })),
      );
    },

    /**
     * A portal user's notification choices, recorded on the user's own customer when they changed
     * (`to` undefined: not part of this change).
     */
    recordUserConsents: (
      tx: Db,
      customerId: number,
      changes: { consent: UserConsent; from: boolean; to: boolean | undefined }[],
      by: ConsentAuthor,
      now: Date,
    ) =>
      repository.insertConsentChanges(
        tx,
        changes
          .filter((c) => c.to !== undefined && c.from !== c.to)
          .map((c) => ({
            customerId,
            consent: c.consent,
            subject: by.username,
            oldValue: c.from,
            newValue: c.to === true,
            channel: by.channel,
            byWho: by.username,
            at: now,
          })),
      ),

    /** The latest consent changes of the customer, newest first (the console's customer page). */
    consentChanges: repository.consentChanges,

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

    /**
     * Whether the user may change the customer's direct debit (money-moving, ADR 047): its holder
     * always; a delegate only when the holder has allowed it on the delegation.
     */
    mayChangeBanking: async (user: SessionUser, customerId: number): Promise<boolean> =>
      customerId === user.customerId || repository.delegateMayChangeBanking(user.id, customerId),

    /** A customer by id or key (404 when none); `delegated` when it is not the user's own. */
    async find(user: SessionUser, idOrKey: string): Promise<Customer> {
      const row = await repository.byIdOrKey(idOrKey);
      if (!row) throw notFound();
      return toCustomerDto(row, row.id !== user.customerId);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
