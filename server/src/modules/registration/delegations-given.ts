// The delegations a customer has given (ADR 047): its holder lists them, revokes one, and lets a
// delegate change the direct debit or takes that back; the care console revokes one on the customer's
// request, and the supplier's ERP through the integration API. A revocation ends the delegate's reach of every client code under the holder's tax code (as
// the grant gave it), at once in every process, and both the holder and the delegate are told.
import { AppError, unprocessable } from '../../http/app-error.js';
import { sendSecurityNotice } from '../../platform/notices/security-notice.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { RegistrationContext } from './context.js';
import type { CustomerRow, UserRow } from './repository.js';

/** Who ended a delegation, as the notices say it: the holder, the care staff or the supplier's ERP. */
export type RevokedBy = 'holder' | 'care' | 'erp';

const fullName = (user: UserRow) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

export function createGivenDelegations(context: RegistrationContext) {
  const { repository, customers, store, notice, audit } = context;

  /** The customer's row when the user is its holder; a delegate reaches it but may not manage it. */
  async function heldBy(user: SessionUser, idOrKey: string): Promise<CustomerRow> {
    const row = await customers.row(idOrKey);
    if (!row) throw unprocessable('delegation_not_found');
    if (row.id !== user.customerId) throw new AppError(403, 'delegation_holder_only');
    return row;
  }

  async function delegateNamed(holder: CustomerRow, username: string) {
    const delegate = await repository.findUser(holder.companyCode, username);
    if (!delegate) throw unprocessable('delegation_not_found');
    return delegate;
  }

  /** Ends the delegation; false when it was not active. Told to both, recorded in both trails. */
  async function revoke(holder: CustomerRow, username: string, by: RevokedBy, now: Date): Promise<boolean> {
    const delegate = await repository.findUser(holder.companyCode, username);
    if (!delegate) return false;
    const ended = await repository.revokeUnderSameTaxCode(delegate.id, holder);
    if (ended.length === 0) return false;
    // The delegate's sessions reach less now: their cached reads go (ADR 027).
    await store.userChanged(delegate.id);
    const who = fullName(delegate);
    await audit.record(delegate.id, { kind: 'delegation_revoked', detail: holder.name }, now);
    const key = `notice:delegation-revoked:${delegate.id}:${holder.id}:${now.getTime()}`;
    await notice(
      holder,
      { kind: 'delegation-revoked', audience: 'holder', delegate: who, holder: holder.name, by },
      `${key}:holder`,
      now,
    );
    await sendSecurityNotice(
      { jobs: context.queue, mail: context.mail, publicBaseUrl: context.publicBaseUrl },
      {
        to: { email: delegate.email, phoneMobile: delegate.phoneMobile },
        company: holder.companyCode,
        name: delegate.firstName ?? delegate.username,
        event: { kind: 'delegation-revoked', audience: 'delegate', delegate: who, holder: holder.name, by },
        key: `${key}:delegate`,
        now,
      },
    );
    return true;
  }

  return {
    async listGivenDelegations(user: SessionUser, customerId: string) {
      const holder = await heldBy(user, customerId);
      const rows = await repository.givenDelegations(holder.id);
      return rows.map(({ delegation, user: delegate }) => ({
        username: delegate.username,
        name: fullName(delegate),
        since: delegation.createdAt.toISOString(),
        mayChangeBanking: delegation.mayChangeBanking,
      }));
    },

    async revokeDelegation(user: SessionUser, customerId: string, username: string, now: Date) {
      const holder = await heldBy(user, customerId);
      if (!(await revoke(holder, username, 'holder', now))) throw unprocessable('delegation_not_found');
      await audit.record(user.id, { kind: 'delegation_revoked', detail: username }, now);
      return { revoked: true as const };
    },

    async setDelegationBanking(user: SessionUser, customerId: string, username: string, may: boolean) {
      const holder = await heldBy(user, customerId);
      const delegate = await delegateNamed(holder, username);
      const row = await repository.setMayChangeBanking(delegate.id, holder.id, may);
      if (!row) throw unprocessable('delegation_not_found');
      return {
        username: delegate.username,
        name: fullName(delegate),
        since: row.createdAt.toISOString(),
        mayChangeBanking: row.mayChangeBanking,
      };
    },

    /** The care console's or the ERP's revocation (ADR 047), for the customer by id; false when none was active. */
    async revokeDelegationOf(
      customerId: number,
      username: string,
      by: Exclude<RevokedBy, 'holder'>,
      now: Date,
    ): Promise<boolean> {
      const holder = await repository.customerById(customerId);
      return holder ? revoke(holder, username, by, now) : false;
    },
  };
}
