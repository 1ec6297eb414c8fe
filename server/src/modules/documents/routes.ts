// ERP document routes (SPEC §7): list, one document with its base64 content, and whether it exists.
import type { FastifyInstance } from 'fastify';
import { erpDocuments } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';

export default async function documentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { documents } = services;

  route(app, erpDocuments.listDocuments, ({ user, query }) => documents.list(user, query));

  route(app, erpDocuments.getDocument, ({ user, params, query }) =>
    documents.get(user, params.id, query.documentType, new Date()),
  );

  route(app, erpDocuments.documentExists, ({ user, params, query }) =>
    documents.exists(user, params.id, query.documentType),
  );
}
