// The messages module: the messages a reachable customer received.
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { createMessagesRepository } from './repository.js';
import messageRoutes from './routes.js';
import { createMessagesService } from './service.js';

export const messagesModule = defineModule({
  name: 'messages',
  needs: { customers: customersModule },
  createService: ({ db }, { customers }) => createMessagesService(createMessagesRepository(db), customers),
  routes: messageRoutes,
});
