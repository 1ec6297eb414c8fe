// The messages module: the messages a reachable customer received, and sending one (which notifies).
import { customersModule } from '../customers/index.js';
import { documentsModule } from '../documents/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { createMessagesRepository } from './repository.js';
import messageRoutes from './routes.js';
import { createMessagesService } from './service.js';

export const messagesModule = defineModule({
  name: 'messages',
  purpose: "a customer's messages",
  needs: { customers: customersModule, notifications: notificationsModule, documents: documentsModule },
  createService: ({ db }, needs) =>
    createMessagesService({ repository: createMessagesRepository(db), ...needs }),
  routes: messageRoutes,
});
