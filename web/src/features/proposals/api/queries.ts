// A proposal, whether it may be answered now (check-rules), and the answer, which makes both stale,
// and the pending price changes too: an accepted proposal replaces the offer whose prices change.
// Quiet reads: outside its dates a proposal answers 404, shown as the page's 'Proposta non trovata'.
import { erpPriceChanges, erpProposals } from '@sportello/contract';
import { callMutation, callQueryKey, callQueryOptions } from '../../../shared/api/call-query';

export const proposalQuery = (id: string) =>
  callQueryOptions(erpProposals.getProposal, { params: { id } }, { quiet: true });

export const proposalRulesQuery = (id: string) =>
  callQueryOptions(erpProposals.checkProposalRules, { params: { id } }, { quiet: true });

export const answerProposal = callMutation(erpProposals.answerProposal, {
  invalidates: (_, { body }) => [
    callQueryKey(erpProposals.getProposal, { params: { id: body?.id } }),
    callQueryKey(erpProposals.checkProposalRules, { params: { id: body?.id } }),
    erpProposals.listProposals,
    erpPriceChanges.listPriceChanges,
    erpPriceChanges.listSupplyPriceChanges,
  ],
});
