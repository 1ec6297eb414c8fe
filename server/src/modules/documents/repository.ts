// SQL for documents: a customer's list, one document with the invoice it belongs to, keeping a
// generated file and forgetting it once the bill is paid, a bill's PDF the ERP sent, and a meter photo
// sent with a self-reading.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { insertWithIds } from '../../platform/insert-many.js';
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
  /** A file the customer sent (a meter photo, a complaint's attachment), kept as one of their documents. */
  async function insertUpload(
    tx: Db,
    input: {
      customerId: number;
      documentType: string;
      keyPrefix: string;
      title: string;
      contentType: string;
      base64: string;
    },
  ): Promise<number> {
    const [doc] = await tx
      .insert(documents)
      .values({
        key: `${input.keyPrefix}-${randomBytes(6).toString('hex').toUpperCase()}`,
        customerId: input.customerId,
        documentType: input.documentType,
        contentType: input.contentType,
        status: 'ready',
        title: input.title,
        contentBase64: input.base64,
        generatedAt: new Date(),
      })
      .returning({ id: documents.id });
    return doc!.id;
  }

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
          billOwed: sql<boolean>`coalesce(${invoices.outstandingCents} > 0, false)`,
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

    /** Forgets a kept PDF drawn at `drawnAt`, unless another request drew it again meanwhile. */
    async forgetDrawn(id: number, drawnAt: Date) {
      await db
        .update(documents)
        .set({ contentBase64: null, generatedAt: null })
        .where(and(eq(documents.id, id), eq(documents.generatedAt, drawnAt)));
    },

    /** Forgets the kept PDFs of these bills, in the caller's transaction: drawn again on the next request. */
    async forgetBillPdfs(tx: Db, invoiceIds: number[]) {
      await tx
        .update(documents)
        .set({ contentBase64: null, generatedAt: null })
        .where(
          and(
            isNotNull(documents.generatedAt),
            inArray(
              documents.id,
              tx.select({ id: invoices.documentId }).from(invoices).where(inArray(invoices.id, invoiceIds)),
            ),
          ),
        );
    },
    insertUpload,

    /**
     * A bill's PDF the supplier's systems sent (ADR 036), in the caller's transaction: the bill's
     * document (`documentId`) takes it, or a new one is made. Kept as given, without `generatedAt`:
     * never drawn, so never forgotten when the bill is paid (forgetBillPdfs). Answers the document and
     * whether the ERP's PDF was new (none given before, whether or not the portal had drawn one),
     * replaced, or already these bytes.
     */
    async storeGivenPdf(
      tx: Db,
      input: {
        documentId: number | null;
        key: string;
        customerId: number;
        document: { documentType: string; contentType: string; title: string };
        base64: string;
      },
    ): Promise<{ id: number; outcome: 'created' | 'updated' | 'unchanged' }> {
      if (input.documentId !== null) {
        const [held] = await tx
          .select({ content: documents.contentBase64, generatedAt: documents.generatedAt })
          .from(documents)
          .where(eq(documents.id, input.documentId));
        // A PDF the ERP gave before has content and no `generatedAt` (the portal's drawn ones have one).
        const given = held?.content != null && held.generatedAt === null;
        if (given && held.content === input.base64) return { id: input.documentId, outcome: 'unchanged' };
        await tx
          .update(documents)
          .set({ status: 'ready', contentBase64: input.base64, generatedAt: null })
          .where(eq(documents.id, input.documentId));
        return { id: input.documentId, outcome: given ? 'updated' : 'created' };
      }
      const [doc] = await tx
        .insert(documents)
        .values({
          key: input.key,
          customerId: input.customerId,
          ...input.document,
          status: 'ready',
          contentBase64: input.base64,
        })
        .returning({ id: documents.id });
      return { id: doc!.id, outcome: 'created' };
    },

    /**
     * The documents of new bills from the ERP (ADR 046), in the caller's transaction: no content yet,
     * so the portal draws each PDF on its first opening, unless the ERP sends it (storeGivenPdf).
     * Their ids, in order.
     */
    insertBillDocuments(
      tx: Db,
      docs: readonly {
        key: string;
        customerId: number;
        documentType: string;
        contentType: string;
        title: string;
        createdAt: Date;
      }[],
    ): Promise<number[]> {
      return insertWithIds(
        tx,
        documents,
        docs.map((doc) => ({ ...doc, status: 'ready' })),
      );
    },

    /** A meter photo as a document of the customer, inside the caller's transaction; its id. */
    insertReadingPhoto(
      tx: Db,
      input: { customerId: number; readingDate: string; photo: { contentType: string; base64: string } },
    ): Promise<number | null> {
      return insertUpload(tx, {
        customerId: input.customerId,
        documentType: 'FotoLettura',
        keyPrefix: 'DOC-LET',
        title: `Foto del contatore del ${input.readingDate}`,
        ...input.photo,
      });
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
