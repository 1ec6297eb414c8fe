// Proposal routes (SPEC §7 ERP proposals).
import type { FastifyInstance } from 'fastify';
import { erpProposals } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { ProposalsService } from './service.js';

export default function proposalRoutes(app: FastifyInstance, proposals: ProposalsService) {
  route(app, erpProposals.listProposals, ({ user, query }) => proposals.list(user, query, new Date()));
  route(app, erpProposals.getProposal, ({ params }) => proposals.get(params.id, new Date()));
  route(app, erpProposals.checkProposalRules, ({ params }) => proposals.checkRules(params.id, new Date()));
  route(app, erpProposals.answerProposal, ({ body }) => proposals.answer(body, new Date()));
}
