// Personal read-only tokens (ADR 037): the profile's calls, and the token's own read-only calls.
import type { FastifyInstance } from 'fastify';
import { personal } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { TokensService } from './service.js';

export default function tokenRoutes(app: FastifyInstance, tokens: TokensService) {
  route(app, personal.listPersonalTokens, ({ user }) => tokens.list(user, new Date()));
  route(app, personal.createPersonalToken, ({ user, body }) => tokens.create(user, body, new Date()));
  route(app, personal.revokePersonalToken, ({ user, params }) => tokens.revoke(user, params.key, new Date()));

  const { read } = tokens;
  route(app, personal.personalSupplies, ({ user, query }) => read.supplies(user, query));
  route(app, personal.personalConsumptions, ({ query }) => read.consumptions(query, new Date()), {
    serializer: 'stringify',
  });
  route(app, personal.personalReadings, ({ query }) => read.readings(query, new Date()));
  route(app, personal.personalInvoices, ({ user, query }) => read.invoices(user, query, new Date()));
  route(app, personal.personalPrices, ({ query }) => read.prices(query));
}
