// A proposal the supplier's systems load for a customer (the integration module's import, ADR 040
// item 12), in the caller's transaction. The customer's answer wins: once answered, a proposal keeps
// what it was answered on, whatever version the ERP sends later; the ERP hears the answer as
// `proposal.answered`.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
): Promise<{ id: number } | { refused: 'answered' | 'moved' }> {
  if (heldId !== null) {
    // Locked, so a customer's answer arriving meanwhile waits for this load, or this load sees it.
    const [before] = await tx
      .select({ customerId: proposals.customerId, actionSelected: proposals.actionSelected })
      .from(proposals)
      .where(eq(proposals.id, heldId))
      .for('update');
    if (before?.actionSelected) return { refused: 'answered' };
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
