// SQL for proposals: a customer's, one by id or key (with its contract), the supplies its contract
// covers, the answer (once), creation.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey } from '@sportello/db/ids';
import { contracts, customers, proposals, supplies } from '@sportello/db/schema';
import type { erpProposals } from '@sportello/contract';
import { erpKeyOf } from '../../platform/events/erp-keys.js';
import { recordCustomerEvent } from '../../platform/events/outbox.js';

type ProposalAction = (typeof erpProposals.PROPOSAL_ACTIONS)[number];

export type ProposalRow = typeof proposals.$inferSelect;
export type ContractRef = { id: number; key: string; number: string; status: string };
export type ProposalWithContract = { proposal: ProposalRow; contract: ContractRef | null };

export function createProposalsRepository(db: Db) {
  const withContract = () =>
    db
      .select({
        proposal: proposals,
        contract: {
          id: contracts.id,
          key: contracts.key,
          number: contracts.number,
          status: contracts.status,
        },
      })
      .from(proposals)
      .leftJoin(contracts, eq(contracts.id, proposals.contractId));

  return {
    async listByCustomer(customerId: number): Promise<ProposalWithContract[]> {
      return withContract()
        .where(eq(proposals.customerId, customerId))
        .orderBy(desc(proposals.createdAt), desc(proposals.id));
    },

    /** The supplies a contract covers, with its holder's type (the VAT on energy follows it). */
    async contractSupplies(contractId: number) {
      return db
        .select({ key: supplies.key, commodity: supplies.commodity, customerType: customers.customerType })
        .from(supplies)
        .innerJoin(customers, eq(customers.id, supplies.customerId))
        .where(eq(supplies.contractId, contractId));
    },

    async find(idOrKey: string): Promise<ProposalWithContract | undefined> {
      const [row] = await withContract()
        .where(byIdOrKey(proposals.id, proposals.key, idOrKey))
        .limit(1);
      return row;
    },

    /**
     * Records the answer only if none was given: of two answers at once, one wins. The supplier's
     * systems hear of it in the same transaction (ADR 036's outbox).
     */
    async answer(id: number, action: ProposalAction, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(proposals)
          .set({ actionSelected: action, answeredAt: at })
          // Nor once the supplier withdrew it (ADR 056): of an answer and a withdrawal at once, one wins.
          .where(and(eq(proposals.id, id), isNull(proposals.actionSelected), isNull(proposals.withdrawnAt)))
          .returning({
            key: proposals.key,
            customerId: proposals.customerId,
            contractId: proposals.contractId,
          });
        if (!row) return false;
        await recordCustomerEvent(tx, {
          customerId: row.customerId,
          kind: 'proposal.answered',
          entityKey: row.key,
          payload: {
            proposalKey: row.key,
            proposalExtKey: await erpKeyOf(tx, 'proposal', id),
            contractId: row.contractId,
            contractExtKey: await erpKeyOf(tx, 'contract', row.contractId),
            action,
            answeredAt: at.toISOString(),
          },
        });
        return true;
      });
    },
  };
}

export type ProposalsRepository = ReturnType<typeof createProposalsRepository>;
