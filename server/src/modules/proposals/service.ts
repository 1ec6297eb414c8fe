// Commercial proposals (SPEC §4): shown only within their dates (packages/domain isProposalVisible),
// otherwise 'Proposta non trovata'; accepted or refused once, after the same rules check-rules
// reports. A guest opened from a proposal link reaches that proposal only. A new proposal notifies the
// customer; an answer is confirmed by a message that reaches the contract's holder by e-mail,
// whatever their settings (a change to their contract), and not the delegates.
import { PAGE_SIZE, type erpProposals } from '@sportello/contract';
import {
  ACTIVE_CONTRACT_STATUS,
  estimateProposalCost,
  isProposalVisible,
  todayInRome,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import { AppError, conflict } from '../../http/app-error.js';
import type { CustomersService } from '../customers/service.js';
import type { MessagesService } from '../messages/service.js';
import type { MeteringService } from '../metering/service.js';
import type { NotificationsService } from '../notifications/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import { monthlyUse, useUnitOf } from '../metering/monthly-use.js';
import { saveProposalFromErp, withdrawProposalFromErp } from './erp-proposals.js';
import type { ProposalRow, ProposalWithContract, ProposalsRepository } from './repository.js';

type Proposal = erpProposals.Proposal;
type Refusal = z.infer<typeof erpProposals.proposalRuleSchema>;
type ListQuery = z.output<typeof erpProposals.listProposals.query>;
type AnswerBody = z.output<typeof erpProposals.answerProposal.body>;

const notFoundProposal = () => new AppError(404, 'proposal_not_found');

const ANSWER_MESSAGES = {
  accepted: {
    title: 'Abbiamo ricevuto la tua adesione',
    body: (title: string) =>
      `Grazie: hai accettato la proposta “${title}”. Ti avviseremo quando sarà attiva.`,
  },
  rejected: {
    title: 'Abbiamo registrato la tua risposta',
    body: (title: string) => `Hai rifiutato la proposta “${title}”. Le tue condizioni restano invariate.`,
  },
} as const;

function toDto(
  { proposal: p, contract }: ProposalWithContract,
  estimate: Proposal['estimate'] = null,
): Proposal {
  return {
    id: String(p.id),
    key: p.key,
    customerId: String(p.customerId),
    contract: contract && { id: String(contract.id), key: contract.key, number: contract.number },
    title: p.title,
    description: p.description,
    startDate: p.startDate,
    endDate: p.endDate,
    price:
      p.energyPriceMicro !== null && (p.priceUnit === 'kWh' || p.priceUnit === 'Smc')
        ? {
            energyMicroEuro: p.energyPriceMicro,
            unit: p.priceUnit,
            fixedFeeCentsPerMonth: p.fixedFeeCents ?? 0,
          }
        : null,
    effectiveDate: p.effectiveDate,
    estimate,
    actionSelected: p.actionSelected as Proposal['actionSelected'],
    answeredAt: p.answeredAt?.toISOString() ?? null,
  };
}

function refusals({ proposal, contract }: ProposalWithContract): Refusal[] {
  const out: Refusal[] = [];
  if (proposal.actionSelected !== null) out.push('already_answered');
  if (contract && contract.status !== ACTIVE_CONTRACT_STATUS) out.push('contract_not_active');
  return out;
}

export function createProposalsService(deps: {
  repository: ProposalsRepository;
  customers: CustomersService;
  messages: MessagesService;
  notifications: NotificationsService;
  metering: Pick<MeteringService, 'consumptions'>;
}) {
  const { repository, customers } = deps;

  /**
   * The offer's yearly cost on the use of the contract's supplies of its unit in the months a
   * price-change notice counts (the consumption chart's), priced by the domain.
   */
  async function estimateOf(
    { proposal: p, contract }: ProposalWithContract,
    now: Date,
  ): Promise<Proposal['estimate']> {
    const unit = p.priceUnit;
    if (!contract || p.energyPriceMicro === null || (unit !== 'kWh' && unit !== 'Smc')) return null;
    const covered = (await repository.contractSupplies(contract.id)).filter(
      (s) => useUnitOf(s.commodity) === unit,
    );
    if (covered.length === 0) return null;
    const today = todayInRome(now);
    const uses = await Promise.all(covered.map((s) => monthlyUse(deps.metering, s.key, today, now)));
    const estimate = estimateProposalCost({
      uses: uses.flat(),
      energyMicroEuro: p.energyPriceMicro,
      fixedFeeCentsPerMonth: p.fixedFeeCents ?? 0,
      customerType: covered[0]!.customerType,
      commodity: covered[0]!.commodity,
      today,
    });
    return estimate && { ...estimate, unit };
  }

  const notifyNew = (row: ProposalRow, now: Date) =>
    deps.notifications.notify({
      kind: 'proposal',
      customerId: row.customerId,
      entityKey: row.key,
      title: row.title,
      body: row.description,
      now,
    });

  /** The proposal if it is within its dates: unknown and out-of-date are the same 'Proposta non trovata'. */
  async function visible(idOrKey: string, now: Date): Promise<ProposalWithContract> {
    const found = await repository.find(idOrKey);
    if (!found || !isProposalVisible(found.proposal, now)) throw notFoundProposal();
    return found;
  }

  return {
    async list(user: SessionUser, query: ListQuery, now: Date) {
      const customer = await customers.find(user, query.customerKey);
      const shown = (await repository.listByCustomer(Number(customer.id))).filter((p) =>
        isProposalVisible(p.proposal, now),
      );
      const take = query.pagingTake ?? PAGE_SIZE.proposals;
      return {
        count: shown.length,
        proposals: shown.slice(query.pagingSkip, query.pagingSkip + take).map((found) => toDto(found)),
      };
    },

    async get(idOrKey: string, now: Date) {
      const found = await visible(idOrKey, now);
      return toDto(found, await estimateOf(found, now));
    },

    async checkRules(idOrKey: string, now: Date) {
      const found = await visible(idOrKey, now);
      const refused = refusals(found);
      return { allowed: refused.length === 0, refusals: refused };
    },

    /** Accept or refuse once: answered before (or by a concurrent request) → 409. */
    async answer(body: AnswerBody, now: Date): Promise<Proposal> {
      const found = await visible(body.id, now);
      const refused = refusals(found);
      if (refused.includes('already_answered')) throw conflict('proposal_already_answered');
      if (refused.length > 0) throw new AppError(422, 'contract_not_active');
      if (!(await repository.answer(found.proposal.id, body.actionSelected, now))) {
        throw conflict('proposal_already_answered');
      }
      const text = ANSWER_MESSAGES[body.actionSelected];
      await deps.messages.send({
        customerId: found.proposal.customerId,
        title: text.title,
        body: text.body(found.proposal.title),
        category: 'contratto',
        now,
        holderOnly: true,
      });
      return toDto((await repository.find(String(found.proposal.id)))!);
    },

    /** A proposal the supplier's systems load, written in the load's transaction (ADR 040 item 12). */
    saveFromErp: saveProposalFromErp,
    withdrawFromErp: withdrawProposalFromErp,

    /** Notifies the customer's users of a proposal already stored (the `proposal` event). */
    async announce(proposalId: number, now: Date) {
      const found = await repository.find(String(proposalId));
      if (found) await notifyNew(found.proposal, now);
    },
  };
}

export type ProposalsService = ReturnType<typeof createProposalsService>;
