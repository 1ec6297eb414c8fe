// Filing a complaint (TIQV's online form; ADR 030, 063), logged in on a reachable supply or logged out
// with what TIQV's minimum content asks (name, supply address, service, POD/PDR or client code).
// Everything is checked before anything is stored: the category, the bill where the category needs one
// (and that it is the supply's), the attachments by their content and total size. The two due dates
// and the bills whose collection waits come from the category's rule at filing: the bill named, or for
// a complaint about readings every bill still owed on the contract. A logged-out sender gets a lookup
// code with the receipt, also mailed. Both forms are rate limited per writer and per address.
import { erpComplaints } from '@sportello/contract';
import {
  COMPLAINT_CATEGORIES,
  complaintDueDates,
  fileTypeOf,
  isValidEmail,
  todayInRome,
  type ComplaintCategory,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import { badRequest, fieldError, notFound, unprocessable } from '../../http/app-error.js';
import { safeFile, UnreadableFile } from '../../integrations/files/safe-files.js';
import type { MailComposer } from '../../integrations/mail/compose.js';
import { DELIVERY_KINDS, type MailJob } from '../../jobs/deliveries.js';
import { enqueueIn } from '../../jobs/queue.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { DocumentsService } from '../documents/service.js';
import { lookupCodeHash, newLookupCode } from './guest-lookup.js';
import { newComplaintKey, type ComplaintsRepository, type NewComplaint } from './repository.js';

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

/** Where a logged-out sender looks a complaint up (the web's page). */
export const GUEST_LOOKUP_PATH = '/reclami/consulta';

export function createFiling(deps: {
  repository: ComplaintsRepository;
  documents: DocumentsService;
  throttle: Throttle;
  mail: MailComposer;
  get: (idOrKey: string, now: Date) => Promise<erpComplaints.Complaint>;
}) {
  const { repository, documents, throttle, mail } = deps;

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

  /** The bills whose collection a complaint suspends: the one named, or for readings every one still owed. */
  async function suspendedBills(category: ComplaintCategory, contractId: number, invoiceId: number | null) {
    const rule = COMPLAINT_CATEGORIES[category];
    if (!rule.suspendsCollection) return [];
    if (invoiceId !== null) return [invoiceId];
    return rule.needsBill ? [] : (await repository.owedBills(contractId)).map((b) => b.id);
  }

  /**
   * Records a checked complaint under `key` with its attachments in one transaction, with the mail
   * job, if any, in it too; its id and number.
   */
  async function record(
    input: Written & {
      category: ComplaintCategory;
      companyCode: string;
      customerId: number;
      supplyId: number;
      contractId: number;
      invoiceId: number | null;
      channel: 'user' | 'guest';
      contactEmail: string | null;
      guest?: Pick<NewComplaint, 'guestSender' | 'lookupCodeHash'>;
    },
    files: Awaited<ReturnType<typeof checkAttachments>>,
    now: Date,
    key: string = newComplaintKey(todayInRome(now).slice(0, 4)),
    mailJob: { job: MailJob; idempotencyKey: string } | null = null,
  ) {
    const due = complaintDueDates(input.category, now);
    const suspended = await suspendedBills(input.category, input.contractId, input.invoiceId);
    return repository.insert(
      {
        key,
        companyCode: input.companyCode,
        customerId: input.customerId,
        supplyId: input.supplyId,
        invoiceId: input.invoiceId,
        category: input.category,
        body: input.body,
        contactPreference: input.contactPreference,
        contactEmail: input.contactEmail,
        suspendsCollection: suspended.length > 0,
        channel: input.channel,
        filedAt: now,
        dueDate: due.reply,
        rectificationDueDate: due.rectification,
        ...input.guest,
      },
      suspended,
      async (tx, complaint) => {
        // A bill whose collection is now suspended must not keep a PDF that asks for it (ADR 052).
        if (suspended.length > 0) await documents.forgetBillPdfs(tx, suspended);
        const stored = await Promise.all(
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
        await repository.linkAttachments(tx, complaint.id, stored);
        if (mailJob) await enqueueIn(tx, DELIVERY_KINDS.mail, mailJob.job, mailJob.idempotencyKey, now);
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
          contractId: supply.contractId,
          invoiceId,
          channel: 'user',
          contactEmail: null,
        },
        files,
        now,
      );
      return deps.get(String(id), now);
    },

    /**
     * The logged-out form: the holder is found by the POD/PDR (or client code) and the surname. The
     * receipt answers the lookup code once; the mail carries it too, queued with the complaint.
     */
    async fileAsGuest(
      companyCode: string,
      body: GuestBody,
      address: string,
      now: Date,
    ): Promise<erpComplaints.GuestReceipt> {
      const category = categoryOf(body.category);
      if (!isValidEmail(body.email))
        throw badRequest('invalid_email', [fieldError('email', 'invalid_email')]);
      const pointCode = body.pointCode || null;
      const customerCode = body.customerCode || null;
      if (!pointCode && !customerCode)
        throw badRequest('complaint_point_or_code_required', [
          fieldError('pointCode', 'complaint_point_or_code_required'),
        ]);
      const files = await checkAttachments(body.attachments);
      const email = body.email.toLowerCase();
      await throttleFiling(`email:${email}`, address, now);
      const supply = await repository.guestSupply(companyCode, {
        pointCode,
        customerCode,
        lastName: body.lastName,
      });
      if (!supply) {
        throw unprocessable('complaint_customer_not_found', [
          fieldError(pointCode ? 'pointCode' : 'customerCode', 'complaint_customer_not_found'),
        ]);
      }
      const invoiceId = await billOf(category, supply.contractId, body.invoiceNumber);
      const lookupCode = newLookupCode();
      const due = complaintDueDates(category, now);
      const key = newComplaintKey(todayInRome(now).slice(0, 4));
      // Written before the transaction: the composer reads the brand, outside it.
      const job = await mail.compose(
        'complaint-receipt',
        {
          name: body.firstName,
          key,
          lookupCode,
          categoryLabel: COMPLAINT_CATEGORIES[category].label,
          dueDate: due.reply,
          rectificationDueDate: due.rectification,
          // The number fills the page's field; the code never goes in a URL (logs, history).
          lookupPath: `${GUEST_LOOKUP_PATH}?numero=${encodeURIComponent(key)}`,
        },
        { to: email, company: companyCode },
      );
      await record(
        {
          ...body,
          category,
          companyCode,
          customerId: supply.customerId,
          supplyId: supply.id,
          contractId: supply.contractId,
          invoiceId,
          channel: 'guest',
          contactEmail: email,
          guest: {
            guestSender: {
              firstName: body.firstName,
              lastName: body.lastName,
              supplyAddress: body.supplyAddress,
              commodity: body.commodity,
              pointCode,
              customerCode,
            },
            lookupCodeHash: lookupCodeHash(lookupCode),
          },
        },
        files,
        now,
        key,
        { job, idempotencyKey: `mail:complaint-receipt:${key}` },
      );
      return {
        key,
        lookupCode,
        filedAt: now.toISOString(),
        dueDate: due.reply,
        rectificationDueDate: due.rectification,
        categoryLabel: COMPLAINT_CATEGORIES[category].label,
      };
    },
  };
}
