// The proposals module: commercial proposals within their dates, answered once.
import { customersModule } from '../customers/index.js';
import { messagesModule } from '../messages/index.js';
import { meteringModule } from '../metering/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { createProposalsRepository } from './repository.js';
import proposalRoutes from './routes.js';
import { createProposalsService } from './service.js';

export const proposalsModule = defineModule({
  name: 'proposals',
  purpose: 'proposals within their dates, answered once',
  needs: {
    customers: customersModule,
    messages: messagesModule,
    metering: meteringModule,
    notifications: notificationsModule,
  },
  createService: ({ db }, needs) =>
    createProposalsService({ repository: createProposalsRepository(db), ...needs }),
  routes: proposalRoutes,
});
