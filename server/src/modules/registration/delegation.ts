// Delegation requests (SPEC §6): a delegate names a customer by client code and tax code; the customer
// confirms or refuses through a workflow task and the link mailed to its contacts on file; a
// confirmation grants every client code of the brand under the same tax code.
import { randomUUID } from 'node:crypto';
import { LINK_MODULES, linkEntryPath, type registration } from '@sportello/contract';
import type * as z from 'zod/mini';
import { fieldError, unprocessable } from '../../http/app-error.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import { recordCustomerEvent } from '../../platform/events/outbox.js';
import { rule, type RegistrationContext } from './context.js';
import { FISCAL_DATA_FAILURES_PER_ADDRESS } from './fiscal-data.js';
import type { UserRow } from './repository.js';

type Delegator = z.output<typeof registration.delegatorSchema>;

export const DELEGATION_TASK = 'ConfermaDelega';

export function createDelegation({
  repository,
  customers,
  links,
  workflows,
  throttle,
  notice,
  store,
}: RegistrationContext) {
  /** A pending request (new or the one already open), or `granted` when the user reaches the customer. */
  async function askDelegation(user: UserRow, delegator: Delegator, clientAddress: string, now: Date) {
    // A wrong pair answers differently from a right one: it shares the address's budget of wrong
    // pairs with check-fiscal-data, so a login does not buy more guesses.
    const attempt = await throttle.attempt(
      [
        rule(`delegation:user:${user.id}`, FISCAL_DATA_FAILURES_PER_ADDRESS),
        rule(`fiscal-data:ip:${clientAddress}`, FISCAL_DATA_FAILURES_PER_ADDRESS),
      ],
      now,
    );
    const customer = await repository.customerByCodes(
      user.companyCode,
      delegator.customerCode,
      delegator.taxCode.toUpperCase(),
    );
    if (!customer)
      throw unprocessable('delegation_not_possible', [fieldError('customerCode', 'delegation_not_possible')]);
    await attempt.succeeded();
    if ((await customers.reachableIds(user)).includes(customer.id)) return 'granted' as const;
    if (await repository.openRequest(user.id, customer.id)) return 'pending' as const;
    const workflowId = `WF-DLG-${randomUUID()}`;
    // The partial unique index lets one of two concurrent requests in; the other finds it pending.
    if (
      !(await repository.insertRequest({
        userId: user.id,
        customerId: customer.id,
        workflowId,
        status: 'pending',
        createdAt: now,
      }))
    ) {
      return 'pending' as const;
    }
    const who = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    await workflows.create({
      workflowId,
      companyCode: user.companyCode,
      customerId: customer.id,
      taskName: DELEGATION_TASK,
      title: 'Richiesta di delega',
      description: `${who} chiede di poter gestire le tue forniture nel portale clienti. Confermi la delega?`,
      replies: ['confirm', 'refuse'],
      createdAt: now,
    });
    const link = await links.create({
      companyCode: user.companyCode,
      moduleId: LINK_MODULES.workflowReply,
      entityKey: workflowId,
      customerId: customer.id,
      userId: null,
      now,
    });
    await notice(
      customer,
      { kind: 'delegation-requested', who, linkPath: linkEntryPath(link.token) },
      `mail:delegation:${workflowId}`,
      now,
    );
    return 'pending' as const;
  }

  // The delegator's reply to the task: a confirmation grants the delegation and tells the delegator.
  workflows.onReply(DELEGATION_TASK, async (task, reply, now, staffUserId) => {
    const outcome = reply === 'confirm' ? 'granted' : 'refused';
    const request = await repository.db.transaction(async (tx) => {
      const decided = await repository.decideRequest(task.workflowId, outcome, now, tx);
      // The supplier's systems hear of the decision with it (ADR 036's outbox).
      if (decided)
        await recordCustomerEvent(tx, {
          customerId: decided.customerId,
          kind: 'delegation.decided',
          entityKey: task.workflowId,
          staffUserId: staffUserId ?? null,
          payload: {
            workflowId: task.workflowId,
            delegate: (await repository.userById(decided.userId, tx))?.username ?? '',
            outcome,
          },
        });
      return decided;
    });
    if (!request || reply !== 'confirm') return;
    const delegator = await repository.customerById(request.customerId);
    if (!delegator) return;
    await repository.grantUnderSameTaxCode(request.userId, delegator);
    // The delegate's sessions reach more now: their cached reads go (ADR 027).
    await store.userChanged(request.userId);
    const delegate = await repository.userById(request.userId);
    const who = [delegate?.firstName, delegate?.lastName].filter(Boolean).join(' ') || delegate?.username;
    await notice(
      delegator,
      { kind: 'delegation-granted', who: who ?? '' },
      `notice:delegation-granted:${task.workflowId}`,
      now,
    );
  });

  return {
    askDelegation,
    requestDelegation: async (user: SessionUser, body: Delegator, clientAddress: string, now: Date) => ({
      status: await askDelegation(user, body, clientAddress, now),
    }),
  };
}
