// Commercial proposals (SPEC §3, §4, §7): visible only within their dates, answered once.
import * as z from 'zod/mini';
import { defineCall, idParam, pagingQuery } from '../call.js';
import { line } from '../text.js';
import { isoDate, isoInstant } from '../models.js';

const ERP = 'portalapi/Erp/v1';

export const PROPOSAL_ACTIONS = ['accepted', 'rejected'] as const;
export const proposalActionSchema = z.enum(PROPOSAL_ACTIONS);
export type ProposalAction = z.infer<typeof proposalActionSchema>;

export const proposalSchema = z.object({
  id: z.string(),
  key: z.string(),
  customerId: z.string(),
  contract: z.nullable(z.object({ id: z.string(), key: z.string(), number: z.string() })),
  title: z.string(),
  description: z.string(),
  startDate: z.nullable(isoDate),
  endDate: z.nullable(isoDate),
  /** What the offer costs, shown before the customer confirms: energy per unit and the monthly fee. */
  price: z.nullable(
    z.object({
      energyMicroEuro: z.int(),
      unit: z.enum(['kWh', 'Smc']),
      fixedFeeCentsPerMonth: z.int(),
    }),
  ),
  /** When the new conditions would apply. */
  effectiveDate: z.nullable(isoDate),
  /**
   * What the offer would cost the customer in a year on the use of the contract's supplies in the
   * last twelve months, VAT included (packages/domain estimateProposalCost). Given with one proposal,
   * null in the list, without a price, a contract or any month of use.
   */
  estimate: z.nullable(
    z.object({
      yearlyCents: z.int(),
      quantity: z.number(),
      unit: z.enum(['kWh', 'Smc']),
      monthsCounted: z.int(),
      vatPercent: z.int(),
      from: isoDate,
      to: isoDate,
    }),
  ),
  actionSelected: z.nullable(proposalActionSchema),
  answeredAt: z.nullable(isoInstant),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const listProposals = defineCall({
  name: 'listProposals',
  method: 'GET',
  path: `${ERP}/proposals`,
  access: 'user',
  reaches: { query: { customerKey: ['customer.key', 'customer.id'] } },
  summary: 'The proposals of a reachable customer visible today (SPEC §4), newest first.',
  query: z.object({ customerKey: line().check(z.minLength(1), z.maxLength(64)), ...pagingQuery }),
  response: z.object({ count: z.int(), proposals: z.array(proposalSchema) }),
});

export const getProposal = defineCall({
  name: 'getProposal',
  method: 'GET',
  path: `${ERP}/proposals/:id`,
  access: 'link',
  reaches: { params: { id: ['proposal.id', 'proposal.key'] } },
  summary: 'One proposal (id or key) within its dates; outside them 404 “Proposta non trovata”.',
  params: idParam,
  response: proposalSchema,
});

/** Why a proposal cannot be answered now; empty when it can. */
export const proposalRuleSchema = z.enum(['already_answered', 'contract_not_active']);

export const checkProposalRules = defineCall({
  name: 'checkProposalRules',
  method: 'GET',
  path: `${ERP}/proposals/:id/check-rules`,
  access: 'link',
  reaches: { params: { id: ['proposal.id', 'proposal.key'] } },
  summary: 'Whether the proposal may be accepted or refused now, and why not.',
  params: idParam,
  response: z.object({ allowed: z.boolean(), refusals: z.array(proposalRuleSchema) }),
});

export const answerProposal = defineCall({
  name: 'answerProposal',
  method: 'PUT',
  path: `${ERP}/proposals`,
  access: 'link',
  refusals: [409, 422],
  reaches: { body: { id: ['proposal.id', 'proposal.key'] } },
  summary: 'Accepts or refuses a proposal, once; the same rules as check-rules apply (409 if answered).',
  body: z.object({
    id: line().check(z.minLength(1), z.maxLength(64)),
    actionSelected: proposalActionSchema,
  }),
  response: proposalSchema,
});
