// A customer's documents. An invoice's PDF is drawn on the first request from the invoice's
// Bolletta 2.0 view and kept, so later downloads only read it back; a document still printing
// answers 'Documento in fase di stampa o non disponibile, riprovare più tardi'. The bill's QR code
// carries an entry link to its detail page (ADR 031), made when the PDF is drawn.
import { documentFileName } from '@sportello/domain';
import { LINK_MODULES, linkEntryPath, PAGE_SIZE, type erpDocuments } from '@sportello/contract';
import { todayInRome } from '@sportello/domain';
import { brandUrl } from '../../integrations/mail/templates/brand-url.js';
import type * as z from 'zod/mini';
import { AppError, notFound } from '../../http/app-error.js';
import { drawPdf } from '../../integrations/pdf/pdf-renderer.js';
import type { CustomersService } from '../customers/service.js';
import type { InvoicesService } from '../invoices/service.js';
import type { LinksService } from '../links/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { DocumentsRepository } from './repository.js';

type ListQuery = z.output<typeof erpDocuments.listDocuments.query>;
type DocumentStatus = 'ready' | 'printing';

const statusOf = (status: string): DocumentStatus => (status === 'ready' ? 'ready' : 'printing');
const notReady = () => new AppError(422, 'document_not_ready');

/**
 * How long the address in a bill's QR code opens its detail (ADR 031). The link only leads to the
 * page, which asks for the holder's login, so it may outlive a notification's 30 days: five years is
 * our choice (no rule we found fixes it); after that the bill is still in the portal's list.
 */
export const BILL_QR_LINK_DAYS = 5 * 365;

export function createDocumentsService(
  repository: DocumentsRepository,
  customers: CustomersService,
  invoices: InvoicesService,
  links: LinksService,
  publicBaseUrl: string,
) {
  // A kept PDF drawn while the bill was owed would still ask for the money: once paid, it is drawn
  // again. Invoices is the lower module, so it takes this callback instead of needing documents.
  invoices.whenPaid(repository.forgetBillPdfs);

  /** The address a bill's QR code carries: an invoice entry link to its detail page, in its brand. */
  async function detailsUrl(bill: Awaited<ReturnType<InvoicesService['billOf']>>, now: Date) {
    const link = await links.create({
      companyCode: bill.company.code,
      moduleId: LINK_MODULES.invoice,
      entityKey: bill.invoice.key,
      customerId: Number(bill.invoice.customerId),
      userId: null,
      additionalParams: { invoiceTypeCodes: [bill.invoice.invoiceTypeCode] },
      lifetimeMs: BILL_QR_LINK_DAYS * 86_400_000,
      now,
    });
    return brandUrl(publicBaseUrl, bill.company.code, linkEntryPath(link.token));
  }

  /** A document by id or key, of `documentType` when given; else 404. */
  async function find(idOrKey: string, documentType: string | undefined) {
    const found = await repository.find(idOrKey);
    if (!found || (documentType && found.document.documentType !== documentType)) throw notFound();
    return found;
  }

  return {
    /** Keeps a self-reading's meter photo, in the metering transaction that records the reading. */
    storeReadingPhoto: repository.insertReadingPhoto,
    /** Keeps a complaint's attachment as the customer's document, in the complaints transaction. */
    storeUpload: repository.insertUpload,
    /** Forgets a bill's kept PDF in the caller's transaction: what it says of paying it changed. */
    forgetBillPdfs: repository.forgetBillPdfs,
    /** Keeps a bill's PDF the ERP sent as its document, in the integration module's transaction (ADR 036). */
    storeBillPdfFromErp: repository.storeGivenPdf,
    createBillDocuments: repository.insertBillDocuments,

    async list(user: SessionUser, query: ListQuery) {
      const customer = await customers.find(user, query.customerId);
      const { count, rows } = await repository.list(Number(customer.id), query.documentType, {
        skip: query.pagingSkip,
        take: query.pagingTake ?? PAGE_SIZE.default,
      });
      return {
        count,
        documents: rows.map((r) => ({
          id: String(r.id),
          key: r.key,
          customerId: String(r.customerId),
          documentType: r.documentType,
          contentType: r.contentType,
          title: r.title,
          status: statusOf(r.status),
          invoiceId: r.invoiceId === null ? null : String(r.invoiceId),
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    async exists(idOrKey: string, documentType: string | undefined) {
      const { document } = await find(idOrKey, documentType);
      const status = statusOf(document.status);
      return { exists: status === 'ready', status };
    },

    async get(idOrKey: string, documentType: string | undefined, now: Date) {
      const { document, invoiceId, brand, billOwed } = await find(idOrKey, documentType);
      if (statusOf(document.status) !== 'ready') throw notReady();
      let data = document.contentBase64;
      // A bill still owed says what to do by when, which changes with the days (a debit's window, a
      // due date passed): a copy we drew on an earlier day is drawn again (ADR 052).
      const drawnAt = document.generatedAt;
      if (
        data !== null &&
        invoiceId !== null &&
        billOwed &&
        drawnAt &&
        todayInRome(drawnAt) !== todayInRome(now)
      ) {
        await repository.forgetDrawn(document.id, drawnAt);
        data = null;
      }
      if (data === null) {
        // Only bills can be drawn here; any other document without content is not available.
        if (invoiceId === null || !brand) throw notReady();
        const bill = await invoices.billOf(invoiceId, now);
        const pdf = await drawPdf('bill', bill, brand, now, await detailsUrl(bill, now));
        data = await repository.keep(document.id, pdf.toString('base64'), now);
      }
      return {
        id: String(document.id),
        title: document.title,
        fileName: documentFileName(document.title),
        contentType: document.contentType,
        data,
      };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
