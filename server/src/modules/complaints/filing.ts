// Filing a complaint (TIQV's online form; ADR 030), logged in on a reachable supply or logged out with
// the client code, fiscal code and POD/PDR. Everything is checked before anything is stored: the
// category, the bill where the category needs one (and that it is the supply's), the attachments by
// their content and total size. The due date and whether collection is suspended come from the
// category's rule at filing. Both forms are rate limited per writer and per address.
import { erpComplaints } from '@sportello/contract';
import {
  COMPLAINT_CATEGORIES,
  complaintDueDate,
  fileTypeOf,
  isValidEmail,
  todayInRome,
  type ComplaintCategory,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import { badRequest, fieldError, notFound, unprocessable } from '../../http/app-error.js';
import { safeFile, UnreadableFile } from '../../integrations/files/safe-files.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { DocumentsService } from '../documents/service.js';
import type { ComplaintsRepository } from './repository.js';

type FileBody = z.output<typeof erpComplaints.fileComplaint.body>;
type GuestBody = z.output<typeof erpComplaints.fileGuestComplaint.body>;
type Written = Pick<FileBody, 'category' | 'body' | 'contactPreference' | 'attachments'>;

/** Complaints a writer (a user, or an e-mail when logged out) files in an hour; an address serves a family or an office. */
export const FILING_LIMITS = { perWriter: 5, perAddress: 20, windowMs: 60 * 60_000 } as const;

/** The category, or the Italian refusal. */
function categoryOf(code: string): ComplaintCategory {
  if (!Object.hasOwn(COMPLAINT_CATEGORIES, code)) {
    throw badRequest('complaint_category_required', [fieldError('category', 'complaint_category_required')]);
  }
  return code as ComplaintCategory;
}

/**
 * The attachments decoded, typed by their first bytes, within the total size and made safe to hand on
 * (a PDF without active content, an image as pixels only); else the refusal.
 */
async function checkAttachments(files: Written['attachments']) {
  const typeRefusal = () =>
    badRequest('complaint_attachment_type', [fieldError('attachments', 'complaint_attachment_type')]);
  const decoded = files.map((file) => {
    const base64 = file.data.replace(/^data:[^,]*,/, '');
    const bytes = /^[A-Za-z0-9+/]*={0,2}$/.test(base64) ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
    const contentType = fileTypeOf(bytes);
    if (!contentType) throw typeRefusal();
    return { fileName: file.fileName, contentType, bytes };
  });
  if (
    decoded.reduce((sum, f) => sum + f.bytes.length, 0) > erpComplaints.COMPLAINT_LIMITS.attachmentsMaxBytes
  ) {
    throw badRequest('complaint_attachments_too_large', [
      fieldError('attachments', 'complaint_attachments_too_large'),
    ]);
  }
  return Promise.all(
    decoded.map(async ({ fileName, contentType, bytes }) => {
      const safe = await safeFile(bytes, contentType).catch((error: unknown) => {
        throw error instanceof UnreadableFile ? typeRefusal() : error;
      });
      return { fileName, contentType, base64: safe.toString('base64') };
    }),
  );
}

export function createFiling(deps: {
  repository: ComplaintsRepository;
  documents: DocumentsService;
  throttle: Throttle;
  get: (idOrKey: string, now: Date) => Promise<erpComplaints.Complaint>;
}) {
  const { repository, documents, throttle } = deps;

  async function throttleFiling(writer: string, address: string, now: Date) {
    const window = { windowMs: FILING_LIMITS.windowMs, over: 'refuse' } as const;
    await throttle.attempt(
      [
        { key: `complaint:${writer}`, limit: FILING_LIMITS.perWriter, ...window },
        { key: `complaint:address:${address}`, limit: FILING_LIMITS.perAddress, ...window },
      ],
      now,
      'complaint_too_many',
    );
  }

  /** Records a checked complaint with its attachments in one transaction; its id. */
  async function record(
    input: Written & {
      category: ComplaintCategory;
      companyCode: string;
      customerId: number;
      supplyId: number;
      invoiceId: number | null;
      channel: 'user' | 'guest';
      contactEmail: string | null;
    },
    files: Awaited<ReturnType<typeof checkAttachments>>,
    now: Date,
  ) {
    const rule = COMPLAINT_CATEGORIES[input.category];
    return repository.insert(
      {
        companyCode: input.companyCode,
        customerId: input.customerId,
        supplyId: input.supplyId,
        invoiceId: input.invoiceId,
        category: input.category,
        body: input.body,
        contactPreference: input.contactPreference,
        contactEmail: input.contactEmail,
        suspendsCollection: rule.suspendsCollection && input.invoiceId !== null,
        channel: input.channel,
        filedAt: now,
        dueDate: complaintDueDate(input.category, now),
      },
      Number(todayInRome(now).slice(0, 4)),
      async (tx) => {
        // A bill whose collection is now suspended must not keep a PDF that asks for it (ADR 052).
        if (rule.suspendsCollection && input.invoiceId !== null)
          await documents.forgetBillPdfs(tx, [input.invoiceId]);
        return Promise.all(
          files.map(async (file, i) => ({
            fileName: file.fileName,
            documentId: await documents.storeUpload(tx, {
              customerId: input.customerId,
              documentType: 'AllegatoReclamo',
              keyPrefix: 'DOC-RCL',
              title: `Allegato ${i + 1} al reclamo: ${file.fileName}`,
              contentType: file.contentType,
              base64: file.base64,
            }),
          })),
        );
      },
    );
  }

  /** The bill named by its number among the supply's contract's bills; required where the category says. */
  async function billOf(category: ComplaintCategory, contractId: number, number: string | undefined) {
    if (!number) {
      if (!COMPLAINT_CATEGORIES[category].needsBill) return null;
      throw badRequest('complaint_bill_required', [fieldError('invoiceNumber', 'complaint_bill_required')]);
    }
    const invoice = await repository.invoiceByNumber(contractId, number);
    if (!invoice) {
      throw unprocessable('complaint_bill_not_of_supply', [
        fieldError('invoiceNumber', 'complaint_bill_not_of_supply'),
      ]);
    }
    return invoice.id;
  }

  return {
    /** The logged-in form: the supply was reach-checked; the bill must be one of the supply's. */
    async file(user: SessionUser, body: FileBody, address: string, now: Date) {
      const category = categoryOf(body.category);
      const supply = await repository.supply(body.supplyKey);
      if (!supply) throw notFound();
      const invoiceId = await billOf(category, supply.contractId, body.invoiceNumber);
      const files = await checkAttachments(body.attachments);
      await throttleFiling(`user:${user.id}`, address, now);
      const { id } = await record(
        {
          ...body,
          category,
          companyCode: supply.companyCode,
          customerId: supply.customerId,
          supplyId: supply.id,
          invoiceId,
          channel: 'user',
          contactEmail: null,
        },
        files,
        now,
      );
      return deps.get(String(id), now);
    },

    /** The logged-out form: the customer is who the client code, fiscal code and POD/PDR name together. */
    async fileAsGuest(companyCode: string, body: GuestBody, address: string, now: Date) {
      const category = categoryOf(body.category);
      if (!isValidEmail(body.email))
        throw badRequest('invalid_email', [fieldError('email', 'invalid_email')]);
      const files = await checkAttachments(body.attachments);
      const email = body.email.toLowerCase();
      await throttleFiling(`email:${email}`, address, now);
      const supply = await repository.guestSupply(
        companyCode,
        body.clientCode,
        body.fiscalCode,
        body.pointCode,
      );
      if (!supply) {
        throw unprocessable('complaint_customer_not_found', [
          fieldError('pointCode', 'complaint_customer_not_found'),
        ]);
      }
      const invoiceId = await billOf(category, supply.contractId, body.invoiceNumber);
      const { key } = await record(
        {
          ...body,
          category,
          companyCode,
          customerId: supply.customerId,
          supplyId: supply.id,
          invoiceId,
          channel: 'guest',
          contactEmail: email,
        },
        files,
        now,
      );
      return {
        key,
        filedAt: now.toISOString(),
        dueDate: complaintDueDate(category, now),
        categoryLabel: COMPLAINT_CATEGORIES[category].label,
      };
    },
  };
}
