// Who may ask about a supply's metering (ADR 013): a user reaching the supply's customer (own or
// delegated), or a guest whose session came from that supply's self-reading link.
import { LINK_MODULES } from '@sportello/contract';
import { forbidden, notFound } from '../../http/app-error.js';
import { viewerOf, type GuestReach } from '../guest-links/guest-reach.js';
import type { SessionAsker } from '../sessions/asking-session.js';
import type { MeteringRepository } from './repository.js';

export type Commodity = 'electricity' | 'gas' | 'heat';

/** The hourly load curve is a measure of the meter group, not a register the customer reads. */
const NOT_A_REGISTER = new Set(['CURVA']);

export function createSupplyReach({
  repository,
  guestReach,
}: {
  repository: MeteringRepository;
  guestReach: GuestReach;
}) {
  /**
   * The supply, if the asker reaches it: a user through its customers, a guest only as its link's
   * target: unknown → 404, someone else's → 403. The session is decided (asker.session) before
   * anything about the supply is told.
   */
  async function reachableSupply(asker: SessionAsker, idOrKey: string, now: Date) {
    const found = await repository.findSupplyReached(asker.params, idOrKey);
    const viewer = viewerOf(await asker.session(found?.read));
    const target =
      viewer.user === null ? await guestReach.target(viewer.linkId, LINK_MODULES.selfReading, now) : null;
    if (!found) throw notFound();
    if (target ? found.supply.key !== target.entityKey : !found.reached) throw forbidden();
    return { ...found, viewer };
  }

  return reachableSupply;
}

export type ReachableSupply = ReturnType<typeof createSupplyReach>;
export type FoundSupply = Awaited<ReturnType<ReachableSupply>>;

/** The registers the customer reads on the supply's meter. */
export const registersOf = (found: FoundSupply) =>
  (found.meter?.measures ?? []).filter((m) => !NOT_A_REGISTER.has(m.ChannelTypeCode));
