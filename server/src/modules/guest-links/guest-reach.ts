// What a guest session opened from an entry link may reach: the target of that one link, for the
// module the call serves (SPEC §6). Services of messages, proposals and workflows ask here before
// showing anything to a guest; logged-in users go through the ownership checks instead.
import { forbidden, gone } from '../../http/app-error.js';
import type { LoadedSession, SessionUser } from '../../platform/sessions/session-store.js';
import type { LinksService } from '../links/service.js';

/** Who is asking: a logged-in user, or a guest tied to one link. */
export type Viewer = { user: SessionUser; linkId: null } | { user: null; linkId: number };

export function viewerOf(session: LoadedSession): Viewer {
  if (session.user) return { user: session.user, linkId: null };
  // route() lets a guest into a `link` call only with a link; anything else here is a wiring bug.
  if (session.linkId === null) throw forbidden();
  return { user: null, linkId: session.linkId };
}

export interface GuestTarget {
  entityKey: string;
  customerId: number;
}

export function createGuestReach(links: Pick<LinksService, 'findById'>) {
  return {
    /** The guest link's target if the link serves `moduleId`; otherwise 403, expired since → 410. */
    async target(linkId: number, moduleId: number, now: Date): Promise<GuestTarget> {
      const link = await links.findById(linkId);
      if (!link || link.moduleId !== moduleId || !link.entityKey || link.customerId == null) {
        throw forbidden();
      }
      if (link.expiresAt && link.expiresAt <= now) throw gone('link_expired');
      return { entityKey: link.entityKey, customerId: link.customerId };
    },
  };
}

export type GuestReach = ReturnType<typeof createGuestReach>;
