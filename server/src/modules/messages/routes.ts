// ERP message routes: the messages of a reachable customer and reading one with its attachment (a
// guest: its link's).
import type { FastifyInstance } from 'fastify';
import { erpMessages } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { MessagesService } from './service.js';

export default function messageRoutes(app: FastifyInstance, messages: MessagesService) {
  route(app, erpMessages.listMessages, ({ user, query }) => messages.list(user, query));

  route(app, erpMessages.getMessage, ({ params, session }) =>
    messages.read(params.id, new Date(), session.view !== null),
  );

  route(app, erpMessages.getMessageAttachment, ({ params }) => messages.attachment(params.id, new Date()), {
    serializer: 'stringify',
  });
}
