// A delegation fixed on the customer's request: a delegate's pending request confirmed, or an active
// delegation revoked. A customer with no portal user yet may still have delegates, so these take the
// customer as it is (no `prepare`).
import { AppError, fieldError, unprocessable } from '../../http/app-error.js';
import { writeStaffAudit, type StaffPrincipal } from '../../platform/staff/staff-sessions.js';
import { DELEGATION_TASK } from '../registration/delegation.js';
import type { AccountFixes } from './context.js';

type DelegationFix = (
  staff: StaffPrincipal,
  customerId: string,
  body: { delegate: string; reason: string },
  address: string,
  now: Date,
) => Promise<{ done: true; count: number }>;

/** The customer and the act, and how the fix is written: the care action and which delegate it named. */
function delegationFixes({ deps, customerOf, record }: AccountFixes) {
  return {
    async start(staff: StaffPrincipal, customerId: string, reason: string, address: string, now: Date) {
      const customer = await customerOf(customerId);
      const users = await deps.repository.usersOf(customer.id);
      return { customer, act: { staff, customerId: customer.id, users, reason, address, now } };
    },
    write(action: 'delegation' | 'delegation-revoke', act: Parameters<typeof record>[2], delegate: string) {
      return deps.db.transaction(async (tx) => {
        await record(tx, action, act, 1);
        await writeStaffAudit(tx, {
          staffUserId: act.staff.userId,
          idHash: act.staff.idHash,
          action: action === 'delegation' ? 'account_delegation_detail' : 'account_delegation_revoked_detail',
          customerId: act.customerId,
          detail: { delegate },
          address: act.address,
        });
      });
    },
  };
}

/** The delegate's pending request, confirmed as the customer's own link would (the workflow's reply). */
export function confirmDelegation(fixes: AccountFixes): DelegationFix {
  const { start, write } = delegationFixes(fixes);
  return async (staff, customerId, body, address, now) => {
    const { customer, act } = await start(staff, customerId, body.reason, address, now);
    const pending = await fixes.deps.repository.pendingDelegation(customer.id, body.delegate);
    if (!pending)
      throw unprocessable('staff_delegation_none', [fieldError('delegate', 'staff_delegation_none')]);
    try {
      await fixes.deps.workflows.execute(
        { workflowId: pending.workflowId, taskName: DELEGATION_TASK, reply: 'confirm' },
        now,
        staff.userId,
      );
    } catch (err) {
      // Another operator, or the customer's link, answered first.
      if (err instanceof AppError && err.statusCode === 409) throw unprocessable('staff_delegation_none');
      throw err;
    }
    await write('delegation', act, body.delegate);
    await fixes.tell('delegation', act, customer);
    return { done: true, count: 1 };
  };
}

/**
 * The customer's active delegation to the named delegate, revoked on the customer's request through
 * registration, which ends the reach and tells the holder and the delegate (ADR 047).
 */
export function revokeDelegation(fixes: AccountFixes): DelegationFix {
  const { start, write } = delegationFixes(fixes);
  return async (staff, customerId, body, address, now) => {
    const { customer, act } = await start(staff, customerId, body.reason, address, now);
    if (!(await fixes.deps.registration.revokeDelegationOf(customer.id, body.delegate, 'care', now)))
      throw unprocessable('staff_delegation_not_active', [
        fieldError('delegate', 'staff_delegation_not_active'),
      ]);
    await write('delegation-revoke', act, body.delegate);
    return { done: true, count: 1 };
  };
}
