// SQL for documents: a customer's list, one document with the invoice it belongs to, and keeping
// a generated file.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey } from '@sportello/db/ids';
import { companies, documents, invoices } from '@sportello/db/schema';

export type DocumentRow = typeof documents.$inferSelect;

const infoColumns = {
  id: documents.id,
  key: documents.key,
  customerId: documents.customerId,
  documentType: documents.documentType,
  contentType: documents.contentType,
  status: documents.status,
  title: documents.title,
  createdAt: documents.createdAt,
  invoiceId: invoices.id,
};

export function createDocumentsRepository(db: Db) {
  return {
    async list(customerId: number, documentType: string | undefined, page: { skip: number; take: number }) {
      const where = and(
        eq(documents.customerId, customerId),
        documentType ? eq(documents.documentType, documentType) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(infoColumns)
          .from(documents)
          .leftJoin(invoices, eq(invoices.documentId, documents.id))
          .where(where)
          .orderBy(desc(documents.createdAt), desc(documents.id))
          .limit(page.take)
          .offset(page.skip),
        db.select({ value: count() }).from(documents).where(where),
      ]);
      return { count: total?.value ?? 0, rows };
    },

    /** The document (by id or key) with its invoice and the brand data its PDF is drawn with. */
    async find(idOrKey: string) {
      const [row] = await db
        .select({
          document: documents,
          invoiceId: invoices.id,
          brand: {
            logoMark: companies.logoMark,
            primaryColor: companies.primaryColor,
            accentColor: companies.accentColor,
          },
        })
        .from(documents)
        .leftJoin(invoices, eq(invoices.documentId, documents.id))
        .leftJoin(companies, eq(companies.code, invoices.companyCode))
        .where(byIdOrKey(documents.id, documents.key, idOrKey))
        .limit(1);
      return row;
    },

    /** Keeps the first generated file; a concurrent second one is dropped and the first returned. */
    async keep(id: number, contentBase64: string, at: Date): Promise<string> {
      await db
        .update(documents)
        .set({ contentBase64, generatedAt: at })
        .where(and(eq(documents.id, id), isNull(documents.contentBase64)));
      const [row] = await db
        .select({ content: documents.contentBase64 })
        .from(documents)
        .where(eq(documents.id, id));
      return row?.content ?? contentBase64;
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
