// The guest-links module: what a guest session opened from an entry link may reach (its one target).
// No routes: the messages, proposals and workflows services ask it before answering a guest.
import { createLinksRepository } from '../links/repository.js';
import { defineModule } from '../module.js';
import { createGuestReach } from './guest-reach.js';

export const guestLinksModule = defineModule({
  name: 'guestLinks',
  needs: {},
  createService: ({ db }) => createGuestReach(createLinksRepository(db)),
  routes: () => undefined,
});
