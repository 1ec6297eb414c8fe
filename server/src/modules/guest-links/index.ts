// The guest-links module: what a guest session opened from an entry link may reach (its one target).
// No routes: the messages, proposals and workflows services ask it before answering a guest.
import { linksModule } from '../links/index.js';
import { defineModule } from '../module.js';
import { createGuestReach } from './guest-reach.js';

export const guestLinksModule = defineModule({
  name: 'guestLinks',
  needs: { links: linksModule },
  createService: (_platform, { links }) => createGuestReach(links),
  routes: () => undefined,
});
