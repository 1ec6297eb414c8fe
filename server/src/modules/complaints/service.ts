// Complaints (ADR 030): a customer's complaints with their clock (due date, days left), the automatic
// compensation owed (computed in @sportello/domain, one place) and the bill it was credited on; one
// complaint as a PDF. Filing is its own use case (filing.ts). Reach is decided before the handler.
import type { erpComplaints } from '@sportello/contract';
import {
  COMPLAINT_CATEGORIES,
  complaintCompensationCents,
  complaintKeptUntil,
  daysToAnswer,
  type ComplaintCategory,
} from '@sportello/domain';
import { notFound } from '../../http/app-error.js';
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
  lockComplaintByKey,
} from './erp-answer.js';

type Row = NonNullable<Awaited<ReturnType<ComplaintsRepository['find']>>>;
type Attachment = Awaited<ReturnType<ComplaintsRepository['attachmentsOf']>>[number];

const categoryOf = (code: string): ComplaintCategory =>
  Object.hasOwn(COMPLAINT_CATEGORIES, code) ? (code as ComplaintCategory) : 'other';

export function toComplaintDto(row: Row, attachments: Attachment[], now: Date): erpComplaints.Complaint {
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
    dueDate: c.dueDate,
    daysLeft: c.answeredAt ? null : daysToAnswer(c.dueDate, now),
    answeredAt: c.answeredAt?.toISOString() ?? null,
    answer: c.answer,
    compensationCents: complaintCompensationCents(category, c.filedAt, c.answeredAt, now),
    compensationInvoice:
      row.compensationKey && row.compensationNumber
        ? { key: row.compensationKey, number: row.compensationNumber }
        : null,
    suspendsCollection: c.suspendsCollection,
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
}) {
  const { repository } = deps;

  async function get(idOrKey: string, now: Date) {
    const row = await repository.find(idOrKey);
    if (!row) throw notFound();
    return { row, dto: toComplaintDto(row, await repository.attachmentsOf([row.complaint.id]), now) };
  }

  return {
    // The CRM's answers (integration module, ADR 040): written in the caller's transaction.
    lockByKey: lockComplaintByKey,
    answerFromErp: answerComplaint,
    answerByStaff: answerComplaintByStaff,
    answerNotice: complaintAnswerNotice,

    ...createFiling({ ...deps, get: async (id, now) => (await get(id, now)).dto }),

    /** Every complaint of a customer with its clock, for the staff console (ADR 041). */
    async ofCustomer(customerId: number, now: Date) {
      const rows = await repository.listByCustomer(customerId);
      const attachments = await repository.attachmentsOf(rows.map((r) => r.complaint.id));
      return rows.map((row) => toComplaintDto(row, attachments, now));
    },

    /** `customerKey`: the customer's id or key (reach-checked). */
    async list(user: SessionUser, customerKey: string, now: Date) {
      const customer = await deps.customers.find(user, customerKey);
      const rows = await repository.listByCustomer(Number(customer.id));
      const attachments = await repository.attachmentsOf(rows.map((r) => r.complaint.id));
      return { complaints: rows.map((row) => toComplaintDto(row, attachments, now)) };
    },

    get: async (idOrKey: string, now: Date) => (await get(idOrKey, now)).dto,

    async pdf(idOrKey: string, now: Date) {
      const { row, dto } = await get(idOrKey, now);
      const brand = await repository.brand(row.complaint.companyCode);
      if (!brand) throw notFound();
      const pdf = await drawPdf('complaint', dto, brand, now);
      return {
        fileName: `reclamo-${dto.key}.pdf`,
        contentType: 'application/pdf',
        data: pdf.toString('base64'),
      };
    },
  };
}

export type ComplaintsService = ReturnType<typeof createComplaintsService>;
