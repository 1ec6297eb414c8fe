// ERP document routes (SPEC §7): list, one document with its base64 content, and whether it exists.
import type { FastifyInstance } from 'fastify';
import { erpDocuments } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { DocumentsService } from './service.js';

export default function documentRoutes(app: FastifyInstance, documents: DocumentsService) {
  route(app, erpDocuments.listDocuments, ({ user, query }) => documents.list(user, query));

  // The PDF's base64 is the server's own (drawn here and kept): written without a schema pass.
  route(
    app,
    erpDocuments.getDocument,
    ({ params, query }) => documents.get(params.id, query.documentType, new Date()),
    { serializer: 'stringify' },
  );

  route(app, erpDocuments.documentExists, ({ params, query }) =>
    documents.exists(params.id, query.documentType),
  );
}
