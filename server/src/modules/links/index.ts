// The links module: hash codes from mails, SMS and pushes that open a page of the portal, and the
// links the notifications send.
import { defineModule } from '../module.js';
import { createLinksRepository } from './repository.js';
import linkRoutes from './routes.js';
import { createLinksService } from './service.js';

export const linksModule = defineModule({
  name: 'links',
  purpose: 'entry links (hashed tokens) and the links notifications send (ADR 013)',
  needs: {},
  createService: ({ db, store }) => createLinksService({ repository: createLinksRepository(db), store }),
  routes: linkRoutes,
});
