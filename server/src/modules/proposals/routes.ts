// Proposal routes (SPEC §7 ERP proposals).
import type { FastifyInstance } from 'fastify';
import { erpProposals } from '@sportello/contract';
import { route } from '../../http/route.js';
import { viewerOf } from '../guest-links/guest-reach.js';
import type { ProposalsService } from './service.js';

export default function proposalRoutes(app: FastifyInstance, proposals: ProposalsService) {
  route(app, erpProposals.listProposals, ({ user, query }) => proposals.list(user, query, new Date()));
  route(app, erpProposals.getProposal, ({ session, params }) =>
    proposals.get(viewerOf(session), params.id, new Date()),
  );
  route(app, erpProposals.checkProposalRules, ({ session, params }) =>
    proposals.checkRules(viewerOf(session), params.id, new Date()),
  );
  route(app, erpProposals.answerProposal, ({ session, body }) =>
    proposals.answer(viewerOf(session), body, new Date()),
  );
}
