// ERP message routes: the messages of a reachable customer and reading one.
import type { FastifyInstance } from 'fastify';
import { erpMessages } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';

export default async function messageRoutes(app: FastifyInstance, { services }: { services: Services }) {
  route(app, erpMessages.listMessages, ({ user, query }) => services.messages.list(user, query));

  route(app, erpMessages.getMessage, ({ user, params }) =>
    services.messages.read(user, params.id, new Date()),
  );
}
