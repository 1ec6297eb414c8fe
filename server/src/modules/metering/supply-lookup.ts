// The supply every metering use case starts from. Who may ask about it (a user reaching its customer,
// or a guest from that supply's self-reading link, ADR 013) the reach check decided before (ADR 027).
import { notFound } from '../../http/app-error.js';
import type { MeteringRepository } from './repository.js';

export type Commodity = 'electricity' | 'gas' | 'heat';

/** The hourly load curve is a measure of the meter group, not a register the customer reads. */
const NOT_A_REGISTER = new Set(['CURVA']);

export function createSupplyLookup({ repository }: { repository: MeteringRepository }) {
  /** The supply by id or key, with its meter group and offer; unknown → 404. */
  return async function findSupply(idOrKey: string) {
    const found = await repository.findSupply(idOrKey);
    if (!found) throw notFound();
    return found;
  };
}

export type FindSupply = ReturnType<typeof createSupplyLookup>;
export type FoundSupply = Awaited<ReturnType<FindSupply>>;

/** The registers the customer reads on the supply's meter. */
export const registersOf = (found: FoundSupply) =>
  (found.meter?.measures ?? []).filter((m) => !NOT_A_REGISTER.has(m.ChannelTypeCode));
