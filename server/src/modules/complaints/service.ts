// Complaints (ADR 030, 063): a customer's complaints with their two clocks (the reply's and, for billing
// matters, the rectification's: due date, days left, done), the automatic compensation each owes
// (computed in @sportello/domain, one place) and the bill it was credited on; one complaint as a PDF.
// Filing and the logged-out lookup are their own use cases (filing.ts, guest-lookup.ts). Reach is
// decided before the handler.
import type { erpComplaints } from '@sportello/contract';
import {
  COMPLAINT_CATEGORIES,
  complaintCompensation,
  complaintKeptUntil,
  daysToAnswer,
  rectificationDays,
  type ComplaintCategory,
  type RectificationState,
} from '@sportello/domain';
import { notFound } from '../../http/app-error.js';
import type { MailComposer } from '../../integrations/mail/compose.js';
import { drawPdf } from '../../integrations/pdf/pdf-renderer.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { CustomersService } from '../customers/service.js';
import type { DocumentsService } from '../documents/service.js';
import { createFiling } from './filing.js';
import type { ComplaintsRepository } from './repository.js';
import {
  answerComplaint,
  answerComplaintByStaff,
  complaintAnswerNotice,
  complaintRectificationNotice,
  lockComplaintByKey,
  rectificationFits,
  rectifyComplaint,
} from './erp-answer.js';
import { createGuestLookup } from './guest-lookup.js';

export type Row = NonNullable<Awaited<ReturnType<ComplaintsRepository['find']>>>;
type Attachment = Awaited<ReturnType<ComplaintsRepository['attachmentsOf']>>[number];
type SuspendedBill = Awaited<ReturnType<ComplaintsRepository['suspendedBillsOf']>>[number];

const categoryOf = (code: string): ComplaintCategory =>
  Object.hasOwn(COMPLAINT_CATEGORIES, code) ? (code as ComplaintCategory) : 'other';

function rectificationState(c: Row['complaint']): RectificationState {
  if (c.rectifiedAt && (c.rectificationOutcome === 'rectified' || c.rectificationOutcome === 'not_due'))
    return { outcome: c.rectificationOutcome, at: c.rectifiedAt };
  return { outcome: 'pending' };
}

/** Both clocks of a complaint and what each owes: what the complaint page, the PDF and the lookup show. */
export function complaintClocks(c: Row['complaint'], now: Date) {
  const category = categoryOf(c.category);
  const state = rectificationState(c);
  const owed = complaintCompensation(category, c.filedAt, c.answeredAt, state, now);
  const days = rectificationDays(category);
  return {
    dueDate: c.dueDate,
    daysLeft: c.answeredAt ? null : daysToAnswer(c.dueDate, now),
    replyCompensationCents: owed.replyCents,
    rectification:
      days !== null && c.rectificationDueDate !== null
        ? {
            days,
            dueDate: c.rectificationDueDate,
            daysLeft: state.outcome === 'pending' ? daysToAnswer(c.rectificationDueDate, now) : null,
            outcome: state.outcome,
            doneAt: state.outcome === 'pending' ? null : state.at.toISOString(),
            compensationCents: owed.rectificationCents ?? 0,
          }
        : null,
    compensationCents: owed.totalCents,
  };
}

export function toComplaintDto(
  row: Row,
  attachments: Attachment[],
  suspendedBills: SuspendedBill[],
  now: Date,
): erpComplaints.Complaint {
  const { complaint: c } = row;
  const category = categoryOf(c.category);
  return {
    id: String(c.id),
    key: c.key,
    category,
    categoryLabel: COMPLAINT_CATEGORIES[category].label,
    supply: {
      ...row.supply,
      commodity: row.supply.commodity as erpComplaints.Complaint['supply']['commodity'],
    },
    invoice: row.invoiceKey && row.invoiceNumber ? { key: row.invoiceKey, number: row.invoiceNumber } : null,
    body: c.body,
    contactPreference: c.contactPreference as erpComplaints.Complaint['contactPreference'],
    state: c.answeredAt ? 'answered' : 'open',
    filedAt: c.filedAt.toISOString(),
    answeredAt: c.answeredAt?.toISOString() ?? null,
    answer: c.answer,
    ...complaintClocks(c, now),
    compensationInvoice:
      row.compensationKey && row.compensationNumber
        ? { key: row.compensationKey, number: row.compensationNumber }
        : null,
    suspendsCollection: c.suspendsCollection,
    suspendedBills: suspendedBills
      .filter((b) => b.complaintId === c.id)
      .map((b) => ({ key: b.key, number: b.number })),
    keptUntil: complaintKeptUntil(c.filedAt),
    attachments: attachments
      .filter((a) => a.complaintId === c.id)
      .map((a) => ({ documentId: String(a.documentId), fileName: a.fileName, contentType: a.contentType })),
  };
}

export function createComplaintsService(deps: {
  repository: ComplaintsRepository;
  documents: DocumentsService;
  customers: CustomersService;
  throttle: Throttle;
  mail: MailComposer;
}) {
  const { repository } = deps;

  async function dtosOf(rows: Row[], now: Date) {
    const ids = rows.map((r) => r.complaint.id);
    const [attachments, suspended] = await Promise.all([
      repository.attachmentsOf(ids),
      repository.suspendedBillsOf(ids),
    ]);
    return rows.map((row) => toComplaintDto(row, attachments, suspended, now));
  }

  async function get(idOrKey: string, now: Date) {
    const row = await repository.find(idOrKey);
    if (!row) throw notFound();
    return { row, dto: (await dtosOf([row], now))[0]! };
  }

  /** The complaint drawn as a PDF in its brand: the customer's copy and the logged-out sender's receipt. */
  async function pdfOf(row: Row, dto: erpComplaints.Complaint, now: Date) {
    const brand = await repository.brand(row.complaint.companyCode);
    if (!brand) throw notFound();
    return drawPdf('complaint', dto, brand, now);
  }

  return {
    // The CRM's answers (integration module, ADR 040): written in the caller's transaction.
    lockByKey: lockComplaintByKey,
    answerFromErp: answerComplaint,
    answerByStaff: answerComplaintByStaff,
    answerNotice: complaintAnswerNotice,
    rectificationFits,
    rectify: rectifyComplaint,
    rectificationNotice: complaintRectificationNotice,

    ...createFiling({ ...deps, get: async (id, now) => (await get(id, now)).dto }),
    ...createGuestLookup({
      repository,
      throttle: deps.throttle,
      dtoOf: async (row, now) => (await dtosOf([row], now))[0]!,
      pdfOf,
    }),

    /** Every complaint of a customer with its clock, for the staff console (ADR 041). */
    async ofCustomer(customerId: number, now: Date) {
      return dtosOf(await repository.listByCustomer(customerId), now);
    },

    /** `customerKey`: the customer's id or key (reach-checked). */
    async list(user: SessionUser, customerKey: string, now: Date) {
      const customer = await deps.customers.find(user, customerKey);
      return { complaints: await dtosOf(await repository.listByCustomer(Number(customer.id)), now) };
    },

    get: async (idOrKey: string, now: Date) => (await get(idOrKey, now)).dto,

    async pdf(idOrKey: string, now: Date) {
      const { row, dto } = await get(idOrKey, now);
      const pdf = await pdfOf(row, dto, now);
      return {
        fileName: `reclamo-${dto.key}.pdf`,
        contentType: 'application/pdf',
        data: pdf.toString('base64'),
      };
    },
  };
}

export type ComplaintsService = ReturnType<typeof createComplaintsService>;
