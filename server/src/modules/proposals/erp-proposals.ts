// A proposal the supplier's systems load for a customer (the integration module's import, ADR 040
// item 12), in the caller's transaction. The customer's answer wins: once answered, a proposal keeps
// what it was answered on, whatever version the ERP sends later; the ERP hears the answer as
// `proposal.answered`.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { proposals } from '@sportello/db/schema';

export interface ErpProposal {
  customerId: number;
  contractId: number | null;
  title: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  energyPriceMicro: number | null;
  priceUnit: string | null;
  fixedFeeCents: number | null;
  effectiveDate: string | null;
}

/**
 * Writes the proposal (a new one when `heldId` is null). Answers `answered` without writing when the
 * customer has answered it, `moved` when it would change customer (ADR 027), else its id.
 */
export async function saveProposalFromErp(
  tx: Db,
  proposal: ErpProposal,
  heldId: number | null,
  now: Date,
): Promise<{ id: number } | { refused: 'answered' | 'moved' | 'withdrawn' }> {
  if (heldId !== null) {
    // Locked, so a customer's answer arriving meanwhile waits for this load, or this load sees it.
    const [before] = await tx
      .select({
        customerId: proposals.customerId,
        actionSelected: proposals.actionSelected,
        withdrawnAt: proposals.withdrawnAt,
      })
      .from(proposals)
      .where(eq(proposals.id, heldId))
      .for('update');
    if (before?.actionSelected) return { refused: 'answered' };
    // A withdrawn proposal stays withdrawn (ADR 056): the ERP sends a new one under a new key.
    if (before?.withdrawnAt) return { refused: 'withdrawn' };
    if (before && before.customerId !== proposal.customerId) return { refused: 'moved' };
    await tx.update(proposals).set(proposal).where(eq(proposals.id, heldId));
    return { id: heldId };
  }
  const [row] = await tx
    .insert(proposals)
    .values({ ...proposal, key: `PRP-${randomUUID()}`, createdAt: now })
    .returning({ id: proposals.id });
  return { id: row!.id };
}

/**
 * The supplier withdraws a proposal the customer has not answered (ADR 056): no longer shown, no
 * longer answerable. Locked with the row, so an answer arriving meanwhile waits and then finds it
 * withdrawn, or was first and the withdrawal finds it answered.
 */
export async function withdrawProposalFromErp(
  tx: Db,
  proposalId: number,
  now: Date,
): Promise<{ key: string; customerId: number } | { refused: 'answered' | 'withdrawn' }> {
  const [before] = await tx
    .select({ actionSelected: proposals.actionSelected, withdrawnAt: proposals.withdrawnAt })
    .from(proposals)
    .where(eq(proposals.id, proposalId))
    .for('update');
  if (before?.actionSelected) return { refused: 'answered' };
  const [row] = await tx
    .update(proposals)
    .set({ withdrawnAt: now })
    .where(and(eq(proposals.id, proposalId), isNull(proposals.withdrawnAt)))
    .returning({ key: proposals.key, customerId: proposals.customerId });
  return row ?? { refused: 'withdrawn' };
}
