// A commercial proposal (SPEC §4: visible only between its start and end dates) at the price of the
// offer it proposes; gas offers price the Smc, the others the kWh.
import type { InferInsertModel } from 'drizzle-orm';
import type { proposals } from '@sportello/db/schema';

export interface ProposalSpec {
  key: string;
  customerId: number;
  contractId: number;
  title: string;
  description: string;
  /** null: open from the start, or without end. */
  startDate: string | null;
  endDate: string | null;
  /** The first day the accepted offer applies. */
  effectiveDate: string;
  gas?: boolean;
}

export function proposalRow(spec: ProposalSpec): InferInsertModel<typeof proposals> {
  const { gas = false, ...fields } = spec;
  return {
    ...fields,
    energyPriceMicro: gas ? 1_180_000 : 128_500,
    priceUnit: gas ? 'Smc' : 'kWh',
    fixedFeeCents: gas ? 1_050 : 990,
  };
}
