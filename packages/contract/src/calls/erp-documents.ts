// ERP document calls (SPEC §3 Document, §7): a customer's documents, one document with its
// content as base64, and whether it is ready. An invoice's PDF is generated on first request.
import * as z from 'zod/mini';
import { defineCall, idOrKey, idParam, pagingQuery } from '../call.js';
import { isoInstant } from '../models.js';

const ERP = 'portalapi/Erp/v1';

export const DOCUMENT_TYPES = ['invoice', 'credit_note'] as const;

export const documentInfoSchema = z.object({
  id: z.string(),
  key: z.string(),
  customerId: z.string(),
  documentType: z.string(),
  contentType: z.string(),
  title: z.string(),
  /** ready, or printing ('Documento in fase di stampa o non disponibile, riprovare più tardi'). */
  status: z.enum(['ready', 'printing']),
  /** The invoice the document belongs to, when it is a bill. */
  invoiceId: z.nullable(z.string()),
  createdAt: isoInstant,
});

export const listDocuments = defineCall({
  name: 'listDocuments',
  method: 'GET',
  path: `${ERP}/documents`,
  access: 'user',
  reaches: { query: { customerId: ['customer.id', 'customer.key'] } },
  summary: 'Documents of a reachable customer, newest first, optionally of one documentType.',
  query: z.object({
    customerId: idOrKey,
    documentType: z.optional(z.enum(DOCUMENT_TYPES)),
    ...pagingQuery,
  }),
  response: z.object({ count: z.int(), documents: z.array(documentInfoSchema) }),
});

/** A document with its content, as a download takes it. */
export const documentContentSchema = z.object({
  id: z.string(),
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  /** Base64 of the file (the web decodes it in BASE64_CHUNK_SIZE slices). */
  data: z.string(),
});

export const getDocument = defineCall({
  name: 'getDocument',
  method: 'GET',
  path: `${ERP}/documents/:id`,
  access: 'user',
  refusals: [422],
  reaches: { params: { id: ['document.id', 'document.key'] } },
  summary:
    'A document with its content (contentType, base64 data). A document still printing answers 422 ' +
    'document_not_ready.',
  params: idParam,
  query: z.object({ documentType: z.optional(z.enum(DOCUMENT_TYPES)) }),
  response: documentContentSchema,
});

export const documentExists = defineCall({
  name: 'documentExists',
  method: 'GET',
  path: `${ERP}/documents/:id/exists`,
  access: 'user',
  reaches: { params: { id: ['document.id', 'document.key'] } },
  summary: 'Whether a document can be downloaded now (false while it is still printing).',
  params: idParam,
  query: z.object({ documentType: z.optional(z.enum(DOCUMENT_TYPES)) }),
  response: z.object({ exists: z.boolean(), status: z.enum(['ready', 'printing']) }),
});
